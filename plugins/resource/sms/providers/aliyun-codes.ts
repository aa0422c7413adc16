import type { LocalText } from '../../../../core/sdk/server';

/**
 * What Aliyun's answer codes mean, for the person sending: the codes its SendSms documentation lists
 * that a sender can act on. Any other code is shown with Aliyun's own message.
 */
const CODES: Readonly<Record<string, LocalText>> = {
  OK: { zh: '发送成功', en: 'Sent' },
  'isv.BUSINESS_LIMIT_CONTROL': { zh: '触发阿里云的发送频率限制，请稍后再试', en: "Aliyun's sending rate limit was reached: try again later" },
  'isv.DAY_LIMIT_CONTROL': { zh: '已达到阿里云的当日发送上限', en: "Aliyun's daily sending limit was reached" },
  'isv.MOBILE_NUMBER_ILLEGAL': { zh: '手机号码格式不正确', en: 'A mobile number is not valid' },
  'isv.MOBILE_COUNT_OVER_LIMIT': { zh: '手机号码数量超过阿里云的上限', en: "More mobile numbers than Aliyun takes at once" },
  'isv.SMS_SIGNATURE_ILLEGAL': { zh: '短信签名不存在或未通过审核', en: 'The signature does not exist or is not approved' },
  'isv.SIGN_NAME_ILLEGAL': { zh: '短信签名不合法', en: 'The signature is not valid' },
  'isv.SMS_TEMPLATE_ILLEGAL': { zh: '短信模板不存在或未通过审核', en: 'The template does not exist or is not approved' },
  'isv.TEMPLATE_MISSING_PARAMETERS': { zh: '模板变量缺少对应的参数', en: 'A template variable has no parameter' },
  'isv.TEMPLATE_PARAMS_ILLEGAL': { zh: '模板参数不合法', en: 'A template parameter is not valid' },
  'isv.PARAM_LENGTH_LIMIT': { zh: '模板参数超出长度限制', en: 'A template parameter is too long' },
  'isv.INVALID_JSON_PARAM': { zh: '模板参数不是合法的 JSON', en: 'The template parameters are not valid JSON' },
  'isv.AMOUNT_NOT_ENOUGH': { zh: '阿里云账户余额不足', en: 'The Aliyun account has too little credit' },
  'isv.OUT_OF_SERVICE': { zh: '阿里云账户已停机', en: 'The Aliyun account is out of service' },
  'isv.ACCOUNT_NOT_EXISTS': { zh: '阿里云账户不存在', en: 'The Aliyun account does not exist' },
  'isv.ACCOUNT_ABNORMAL': { zh: '阿里云账户异常', en: 'The Aliyun account is not in good standing' },
  'isp.RAM_PERMISSION_DENY': { zh: 'AccessKey 没有发送短信的权限', en: 'The access key may not send messages' },
  'InvalidAccessKeyId.NotFound': { zh: 'accessKey 不存在', en: 'The access key does not exist' },
  'InvalidAccessKeyId.Inactive': { zh: 'accessKey 已停用', en: 'The access key is disabled' },
  SignatureDoesNotMatch: { zh: '签名不匹配，请检查 secretKey', en: 'The signature does not match: check the secret key' },
  SignatureNonceUsed: { zh: '请求随机数重复，请重试', en: 'The request nonce was used before: try again' },
  'InvalidTimeStamp.Expired': { zh: '请求时间已过期，请检查服务器时钟', en: "The request's time has expired: check the server's clock" },
  'isp.SYSTEM_ERROR': { zh: '阿里云系统错误，请稍后再试', en: 'Aliyun had a system error: try again later' },
};

/** Our codes for what never reached an answer. */
export const TRANSPORT = {
  timeout: { code: 'TIMEOUT', message: { zh: '阿里云短信接口超时未应答', en: 'Aliyun SMS did not answer in time' } },
  unreachable: { code: 'UNREACHABLE', message: { zh: '无法连接阿里云短信接口', en: 'Aliyun SMS could not be reached' } },
  badAnswer: { code: 'BAD_ANSWER', message: { zh: '阿里云短信接口的应答无法识别', en: 'Aliyun SMS answered something unreadable' } },
  endpoint: {
    code: 'ENDPOINT_REFUSED',
    message: { zh: 'ALIYUN_SMS_ENDPOINT 不是阿里云的地址，也不在 SMS_ALLOWED_HOSTS 中', en: "ALIYUN_SMS_ENDPOINT is not Aliyun's, nor a host SMS_ALLOWED_HOSTS lists" },
  },
} as const;

/** What a code this provider (or we, for its transport) gave means, when it is one we know. */
export function knownAliyunCode(code: string): LocalText | undefined {
  return CODES[code] ?? Object.values(TRANSPORT).find((t) => t.code === code)?.message;
}

/** The sender's reading of an answer's code (Aliyun's message for a code not listed). */
export function aliyunCodeMessage(code: string, message: string): LocalText {
  const known = CODES[code];
  if (known) return known;
  const text = `${code}${message ? ` ${message}` : ''}`.slice(0, 200);
  return { zh: `阿里云返回：${text}`, en: `Aliyun answered: ${text}` };
}
