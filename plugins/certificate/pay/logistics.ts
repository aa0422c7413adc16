import type { LocalText } from '../../../core/sdk/shared';

/**
 * The express companies a certificate ships with, by the code WeChat's shipping-information call takes
 * (`express_company`, its delivery id list). The order stores the code; people see the name.
 */
export const LOGISTICS_COMPANIES: readonly { code: string; name: LocalText }[] = [
  { code: 'SF', name: { zh: '顺丰速运', en: 'SF Express' } },
  { code: 'EMS', name: { zh: '中国邮政速递', en: 'China Post EMS' } },
  { code: 'JD', name: { zh: '京东物流', en: 'JD Logistics' } },
  { code: 'ZTO', name: { zh: '中通快递', en: 'ZTO Express' } },
  { code: 'YTO', name: { zh: '圆通速递', en: 'YTO Express' } },
  { code: 'STO', name: { zh: '申通快递', en: 'STO Express' } },
  { code: 'YD', name: { zh: '韵达快递', en: 'Yunda Express' } },
  { code: 'JTSD', name: { zh: '极兔速递', en: 'J&T Express' } },
  { code: 'DBL', name: { zh: '德邦快递', en: 'Deppon Express' } },
];

export const isLogisticsCompany = (code: string) => LOGISTICS_COMPANIES.some((c) => c.code === code);

/** A company's name by its code; an unknown code (one typed before the list) shows as it is. */
export const logisticsCompanyName = (code: string): LocalText => LOGISTICS_COMPANIES.find((c) => c.code === code)?.name ?? { zh: code, en: code };

/** A tracking number: what the express companies print (letters, digits, dashes). */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]{6,32}$/;
