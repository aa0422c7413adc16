import { defineEntity, type DictionaryDecl, EMAIL_RULE, HTTP_URL_RULE, type LocalText, type Option, TELEPHONE_RULE } from '../../../core/sdk/shared';

/**
 * A company of the tenant: what a staff card shows about the employer (logo, introduction, pictures,
 * contacts). One company of the tenant is its default: the card of a staff member without a company of
 * their own shows it. `isDefault` is never written by a save, only by `defaultCompany`.
 */

/** Enabled / disabled, the business state of a card record (kept in the audit `status` column). */
export const ENABLED = 1;
export const DISABLED = 2;
export const STATUS_OPTIONS: Option[] = [
  { value: ENABLED, label: { zh: '启用', en: 'Enabled' } },
  { value: DISABLED, label: { zh: '停用', en: 'Disabled' } },
];

/** An http(s) address, the message naming the field. */
const httpRule = (label: LocalText) => ({ ...HTTP_URL_RULE, message: { zh: `${label.zh}须为 http:// 或 https:// 开头的地址`, en: `The ${label.en.toLowerCase()} must be an http:// or https:// address` } });

const WEBSITE = { zh: '公司网址', en: 'Website' };
const VIDEO = { zh: '视频地址', en: 'Video link' };

/** The dictionary of industries (`company_industry`), declared by the plugin and seeded where missing. */
export const INDUSTRY_DICTIONARY: DictionaryDecl = {
  code: 'company_industry',
  name: { zh: '公司行业', en: 'Company industry' },
  items: [
    { key: '1', value: { zh: '软件与信息技术', en: 'Software and IT' } },
    { key: '2', value: { zh: '建筑设计', en: 'Architecture and design' } },
    { key: '3', value: { zh: '家居建材', en: 'Furniture and building materials' } },
    { key: '4', value: { zh: '食品饮料', en: 'Food and beverages' } },
    { key: '5', value: { zh: '教育培训', en: 'Education and training' } },
    { key: '6', value: { zh: '金融保险', en: 'Finance and insurance' } },
    { key: '7', value: { zh: '医疗健康', en: 'Healthcare' } },
    { key: '8', value: { zh: '制造业', en: 'Manufacturing' } },
    { key: '9', value: { zh: '零售电商', en: 'Retail and e-commerce' } },
    { key: '10', value: { zh: '文化传媒', en: 'Culture and media' } },
    { key: '11', value: { zh: '咨询服务', en: 'Consulting' } },
    { key: '12', value: { zh: '其他', en: 'Other' } },
  ],
};

/**
 * A row's company, as the card's other areas (staff, albums) hold it: chosen from the enabled companies
 * of the tenant, filtered by equality, shown by name.
 */
export const companyIdField = (width: number) =>
  ({
    type: 'id',
    label: { zh: '所属公司', en: 'Company' },
    required: true,
    source: { url: '/api/company/information/list', label: 'name' },
    search: 'equal',
    width,
  }) as const;

export const companyEntity = defineEntity({
  name: 'company',
  label: { zh: '公司信息', en: 'Company' },
  api: { base: '/api/company/information', list: 'page', save: 'save-update' },
  createTimeRange: true,
  sort: { field: 'createTime', order: 'desc' },
  unique: [{ fields: ['name'], message: { zh: '公司名称已存在', en: 'A company of this name already exists' } }],
  fields: {
    logo: { type: 'image', label: { zh: '公司logo', en: 'Logo' }, width: 90 },
    name: { type: 'string', label: { zh: '公司名称', en: 'Name' }, required: true, maxLength: 100, search: 'like', sortable: true, width: 200 },
    shortName: { type: 'string', label: { zh: '公司简称', en: 'Short name' }, maxLength: 30, width: 120 },
    industry: { type: 'select', label: { zh: '所属行业', en: 'Industry' }, dict: { code: INDUSTRY_DICTIONARY.code, numeric: true }, search: 'equal', width: 160 },
    regionCode: {
      type: 'string',
      label: { zh: '所在地区', en: 'Region' },
      maxLength: 12,
      pattern: { source: '^\\d{2,12}$', message: { zh: '所在地区须为行政区划编号', en: 'The region must be a region code' } },
      list: false,
    },
    address: { type: 'string', label: { zh: '详细地址', en: 'Address' }, maxLength: 200, list: false },
    telephone: {
      type: 'string',
      label: { zh: '联系电话', en: 'Telephone' },
      maxLength: 30,
      pattern: { ...TELEPHONE_RULE, message: { zh: '联系电话格式不正确', en: 'The telephone number is not valid' } },
      width: 160,
    },
    email: {
      type: 'string',
      label: { zh: '电子邮箱', en: 'Email' },
      maxLength: 100,
      pattern: { ...EMAIL_RULE, message: { zh: '电子邮箱格式不正确', en: 'The email address is not valid' } },
      list: false,
    },
    website: { type: 'string', label: WEBSITE, maxLength: 255, pattern: httpRule(WEBSITE), list: false },
    videoUrl: { type: 'string', label: VIDEO, maxLength: 500, pattern: httpRule(VIDEO), list: false },
    images: { type: 'images', label: { zh: '公司图片', en: 'Pictures' }, max: 9, list: false, span: 24 },
    introduction: { type: 'richtext', label: { zh: '公司简介', en: 'Introduction' }, maxLength: 20000, list: false, span: 24 },
    status: { type: 'select', label: { zh: '状态', en: 'Status' }, options: STATUS_OPTIONS, default: ENABLED, search: 'equal', width: 100 },
    isDefault: {
      type: 'switch',
      label: { zh: '默认公司', en: 'Default' },
      options: [
        { value: 0, label: { zh: '否', en: 'No' } },
        { value: 1, label: { zh: '是', en: 'Yes' } },
      ],
      writable: 'never',
      form: { add: false, edit: true, view: true },
      width: 120,
    },
  },
});

export type CompanyEntity = typeof companyEntity;
