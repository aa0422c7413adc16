import { defineResource } from '../../../core/sdk/shared';
import { OSS_BUTTON, ossEntity } from './entity';

export { OSS_DICTIONARY, ossEntity } from './entity';

/** 对象存储 under 资源管理: the configurations, with enable / disable and the connection test as row actions. Administrators only. */
export const ossResource = defineResource({
  entity: ossEntity,
  menu: { parent: 'resource', name: { zh: '对象存储', en: 'Object storage' }, path: '/resource/oss', icon: 'cloud', sort: 1 },
  buttons: [
    { code: OSS_BUTTON.enable, name: { zh: '启用', en: 'Enable' }, alias: 'enable', icon: 'check-circle', sort: 5, action: 3 },
    { code: OSS_BUTTON.test, name: { zh: '连接测试', en: 'Test connection' }, alias: 'test', icon: 'link', sort: 6, action: 3 },
  ],
  screen: () => import('./OssPage'),
});

export const ossMessages = {
  zh: {
    enable: '启用',
    disable: '停用',
    test: '连接测试',
    enableTitle: '启用存储配置',
    enableConfirm: '启用「{{code}}」后，之后上传的文件都将存入它（已有文件仍从原位置读取）。启用前会先做连接测试。',
    disableTitle: '停用存储配置',
    disableConfirm: '停用「{{code}}」后，没有启用的存储配置，之后上传的文件将存入数据库。已存入它的文件仍可访问。',
    inUse: '当前上传存入：{{code}}（{{kind}}）',
    inDatabase: '没有启用的存储配置：上传的文件存入数据库。启用一个配置后，之后的上传将存入它。',
    loadingInUse: '正在读取启用的存储配置…',
    secretHint: '已保存的密钥不会显示；留空或保持 ****** 则不修改',
    testing: '正在测试…',
  },
  en: {
    enable: 'Enable',
    disable: 'Disable',
    test: 'Test connection',
    enableTitle: 'Enable a storage configuration',
    enableConfirm: 'Once "{{code}}" is enabled, files uploaded from then on go to it (files already kept elsewhere are still read from there). It is tested first.',
    disableTitle: 'Disable a storage configuration',
    disableConfirm: 'Once "{{code}}" is disabled no configuration is enabled: files uploaded from then on are kept in the database. Files already in it stay reachable.',
    inUse: 'Uploads go to: {{code}} ({{kind}})',
    inDatabase: 'No storage configuration is enabled: uploads are kept in the database. Enable one and later uploads go to it.',
    loadingInUse: 'Reading the enabled storage configuration…',
    secretHint: 'A saved secret is never shown; leave it empty or as ****** to keep it',
    testing: 'Testing…',
  },
};
