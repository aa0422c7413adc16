import { defineResource } from '../../../core/sdk/shared';
import { companyEntity } from './entity';

export { companyEntity, INDUSTRY_DICTIONARY } from './entity';

/**
 * 公司信息 under 名片管理: the kit's list screen with a default tag, and "set as default" per row (its own
 * button, `company_default`, for administrators unless a role is granted it). The demo `user` role may look.
 */
export const companyResource = defineResource({
  entity: companyEntity,
  menu: { parent: 'card', path: '/card/company', icon: 'home', sort: 1 },
  grants: { user: ['view'] },
  buttons: [{ code: 'company_default', name: { zh: '设为默认', en: 'Set as default' }, alias: 'default', icon: 'check-circle', sort: 5, action: 2 }],
  screen: () => import('./CompanyPage'),
});

export const companyMessages = {
  zh: {
    setDefault: '设为默认',
    isDefault: '默认',
    setDefaultConfirm: '确定将「{{name}}」设为默认公司？',
    setDefaultDone: '已设为默认公司',
    regionPlaceholder: '请选择所在地区',
    regionCode: '请输入行政区划编号',
  },
  en: {
    setDefault: 'Set as default',
    isDefault: 'Default',
    setDefaultConfirm: 'Make “{{name}}” the default company?',
    setDefaultDone: 'It is now the default company',
    regionPlaceholder: 'Please choose the region',
    regionCode: 'Please enter the region code',
  },
};
