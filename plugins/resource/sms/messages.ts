import type { LocalText } from '../../../core/sdk/shared';

/** The server's refusals and answers about SMS, in both languages. */
export const SMS_MSG = {
  noEnabled: { zh: '没有启用的短信配置，请指定资源编号', en: 'No SMS configuration is enabled: name one by its resource code' },
  unknownCode: (code: string): LocalText => ({ zh: `短信配置不存在：${code}`, en: `No SMS configuration has the resource code ${code}` }),
  phonesRequired: { zh: '请输入手机号', en: 'Enter at least one mobile number' },
  tooManyPhones: (max: number): LocalText => ({ zh: `手机号最多${max}个`, en: `At most ${max} mobile numbers at a time` }),
  badPhone: (phone: string, rule: LocalText): LocalText => ({ zh: `${rule.zh}：${phone}`, en: `${rule.en}: ${phone}` }),
  paramsJson: { zh: '模板参数须为 JSON 对象，例如 {"code":"1234"}', en: 'The parameters are a JSON object, e.g. {"code":"1234"}' },
  paramValue: (name: string, max: number): LocalText => ({
    zh: `模板参数 ${name} 须为不超过${max}个字符的文本或数字`,
    en: `The parameter ${name} is a text or number of at most ${max} characters`,
  }),
  missingParams: (names: readonly string[]): LocalText => ({ zh: `缺少模板参数：${names.join('、')}`, en: `Missing template parameters: ${names.join(', ')}` }),
  unknownParams: (names: readonly string[]): LocalText => ({ zh: `模板中没有这些变量：${names.join('、')}`, en: `The template has no variables named: ${names.join(', ')}` }),
  allLimited: (phones: readonly string[]): LocalText => ({
    zh: `发送过于频繁，以下号码未发送：${phones.join('、')}`,
    en: `Too many messages to these numbers, nothing was sent: ${phones.join(', ')}`,
  }),
  someLimited: (sent: number, phones: readonly string[]): LocalText => ({
    zh: `已发送${sent}条；发送过于频繁，以下号码未发送：${phones.join('、')}`,
    en: `${sent} sent; too many messages to these numbers, not sent: ${phones.join(', ')}`,
  }),
  sent: (count: number): LocalText => ({ zh: `发送成功，共${count}条`, en: `Sent: ${count} message${count === 1 ? '' : 's'}` }),
  failed: (reason: LocalText): LocalText => ({ zh: `发送失败：${reason.zh}`, en: `Sending failed: ${reason.en}` }),
  limited: { zh: '发送过于频繁，未发送', en: 'Too many messages to this number: not sent' },
  aliyunNeeds: (names: readonly LocalText[]): LocalText => ({
    zh: `阿里云短信须填写：${names.map((n) => n.zh).join('、')}`,
    en: `Aliyun SMS needs: ${names.map((n) => n.en).join(', ')}`,
  }),
  secretUnreadable: { zh: 'secretKey 无法解密（服务器密钥已更换），请重新填写', en: 'The secret key cannot be read (the server key changed): enter it again' },
} as const;
