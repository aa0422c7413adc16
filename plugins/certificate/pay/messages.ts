import { formatYuan, type LocalText } from '../../../core/sdk/server';

/** What the payment endpoints answer people, in both languages. */
export const PAY_MSG = {
  amountInvalid: { zh: '退款金额须为大于 0 的整数（单位：分）', en: 'The refund amount must be a whole number of fen above 0' },
  reasonRequired: { zh: '请输入退款原因', en: 'Please enter the reason for the refund' },
  reasonTooLong: { zh: '退款原因不能超过 80 个字符', en: 'The reason has at most 80 characters' },
  notSandbox: { zh: '当前租户未使用沙箱支付，不能模拟支付', en: 'The tenant is not on the sandbox: payments cannot be simulated' },
  notShippable: { zh: '只有已支付且未全额退款的订单可以上传发货', en: 'Only a paid order not wholly refunded can be shipped' },
  noTransaction: { zh: '订单还没有微信支付单号，请先查询支付', en: 'The order has no transaction id yet: query the payment first' },
  notPaidAtProvider: { zh: '支付平台显示该订单尚未支付，不能上传发货', en: 'The provider says the order is not paid: it cannot be shipped' },
  paidButClosed: { zh: '支付平台显示已支付，但订单已关闭，请人工核对', en: 'The provider says paid, yet the order is closed: check it by hand' },
  refundUnconfirmed: {
    zh: '退款已提交，但支付平台暂未确认结果，请稍后查询支付',
    en: 'The refund was sent, but the provider has not confirmed it yet: query the payment later',
  },
  logisticsCompany: { zh: '请选择物流公司', en: 'Please choose the carrier' },
  trackingNo: { zh: '物流单号须为 6–32 位字母、数字或 -', en: 'The tracking number has 6–32 letters, digits or dashes' },
  mchId: { zh: '商户号须为 1–32 位数字', en: 'The merchant id is 1–32 digits' },
  appId: { zh: 'AppID 格式不正确（wx 开头的 18 位）', en: 'The AppID is 18 characters starting with wx' },
  serialNo: { zh: '证书序列号须为 8–64 位十六进制字符', en: 'The certificate serial number is 8–64 hexadecimal characters' },
  privateKey: { zh: '商户私钥不是有效的 RSA 私钥（PEM 格式）', en: 'The merchant private key is not a valid RSA private key (PEM)' },
  apiV3Key: { zh: 'APIv3 密钥须为 32 个字符', en: 'The APIv3 key has exactly 32 characters' },
  platformCertificate: { zh: '平台证书 / 公钥不是有效的 RSA 证书或公钥（PEM 格式）', en: 'The platform certificate / public key is not a valid RSA certificate or public key (PEM)' },
  appSecret: { zh: 'AppSecret 须为 1–64 位字母或数字', en: 'The AppSecret is 1–64 letters or digits' },
  baseUrl: { zh: '接口地址须为微信支付的 https:// 地址（或服务器 WECHATPAY_HOSTS 允许的主机）', en: "An API address is one of WeChat Pay's https:// addresses (or a host the server's WECHATPAY_HOSTS allows)" },
  sealImage: { zh: '印章图片须为本系统上传的图片', en: 'The seal must be a picture uploaded here' },
  refundDelay: { zh: '退款到账延迟须为 0 到 86400 之间的整数（秒）', en: 'The refund delay is a whole number of seconds from 0 to 86400' },
  provider: { zh: '请选择支付渠道', en: 'Please choose the payment provider' },
  issuerName: { zh: '发证单位不能超过 100 个字符', en: 'The issuer has at most 100 characters' },
} as const satisfies Record<string, LocalText>;

/** The refund asked for is more than what is left: says how much is. */
export function refundTooMuch(refundable: number): LocalText {
  return {
    zh: `退款金额超过可退金额（可退 ${formatYuan(refundable, { symbol: true })}）`,
    en: `The refund is more than can still be refunded (${formatYuan(refundable, { symbol: true })} left)`,
  };
}

/** The provider's paid amount is not the order's: nothing is written. */
export function amountMismatch(paid: number, ordered: number): LocalText {
  const a = formatYuan(paid, { symbol: true });
  const b = formatYuan(ordered, { symbol: true });
  return { zh: `支付金额（${a}）与订单金额（${b}）不一致，订单未更新`, en: `The amount paid (${a}) is not the order's (${b}): the order was left as it was` };
}

/** A setting WeChat Pay needs is empty. */
export function settingRequired(label: LocalText): LocalText {
  return { zh: `使用微信支付时请填写${label.zh}`, en: `WeChat Pay needs the ${label.en}` };
}
