import type { LocalText } from '../../../core/sdk/server';

/** What the object-storage area answers, in both languages. */
export const OSS_MSG = {
  endpointRequired: { zh: '请输入资源地址（S3 兼容存储的服务地址）', en: 'Please enter the endpoint (the S3-compatible service address)' },
  endpointFormat: {
    zh: '资源地址须为 http:// 或 https:// 地址，且不含用户名、密码、查询参数',
    en: 'An endpoint is an http:// or https:// address without a user name, password or query',
  },
  endpointInternal: {
    zh: '资源地址指向本机或内网地址，服务器未允许（可由运维在 OSS_ALLOWED_HOSTS 中列出该主机）',
    en: "The endpoint is an address of this machine or a private network, which the server does not allow (its operator may list the host in OSS_ALLOWED_HOSTS)",
  },
  bucketRequired: { zh: '请输入空间名（bucket）', en: 'Please enter the bucket' },
  bucketFormat: {
    zh: '空间名须为 3 到 63 位小写字母、数字、点或短横线，以字母或数字开头和结尾',
    en: 'A bucket name has 3 to 63 lower-case letters, digits, dots or dashes, beginning and ending with a letter or digit',
  },
  accessKeyRequired: { zh: '请输入 accessKey', en: 'Please enter the access key' },
  secretKeyRequired: { zh: '请输入 secretKey', en: 'Please enter the secret key' },
  stillHoldsFiles: (count: number): LocalText => ({
    zh: `该存储配置中还有 ${count} 个文件，不能删除（文件的链接仍指向它）`,
    en: `This storage configuration still holds ${count} file(s) and cannot be removed (their links point at it)`,
  }),
  testFailed: (reason: LocalText): LocalText => ({ zh: `连接测试失败：${reason.zh}`, en: `Connection test failed: ${reason.en}` }),
  enableFailed: (reason: LocalText): LocalText => ({ zh: `启用失败，连接测试未通过：${reason.zh}`, en: `Not enabled: the connection test failed: ${reason.en}` }),
  testPassed: { zh: '连接测试通过：写入、读取、删除均成功', en: 'Connection test passed: writing, reading and removing all worked' },
} as const;

/** Why a store failed a check, by the store's error code (never its message: it may echo the request). */
export function storeReason(code: string): LocalText {
  switch (code) {
    case 'InvalidAccessKeyId':
      return { zh: 'accessKey 不存在', en: 'the access key does not exist' };
    case 'SignatureDoesNotMatch':
      return { zh: 'secretKey 不正确（签名不匹配）', en: 'the secret key is wrong (the signature does not match)' };
    case 'NoSuchBucket':
      return { zh: '空间（bucket）不存在', en: 'the bucket does not exist' };
    case 'AccessDenied':
    case 'Forbidden':
      return { zh: '没有读写该空间的权限', en: 'no permission to read and write the bucket' };
    case 'EINTERNALADDRESS':
      return { zh: '资源地址解析为内网地址，服务器未允许', en: 'the endpoint resolves to a private address, which the server does not allow' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { zh: '找不到资源地址的主机', en: "the endpoint's host cannot be found" };
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { zh: '无法连接资源地址', en: 'the endpoint cannot be reached' };
    case 'ETIMEDOUT':
    case 'TimeoutError':
    case 'RequestTimeout':
      return { zh: '连接资源地址超时', en: 'the endpoint did not answer in time' };
    case 'MISMATCH':
      return { zh: '读回的内容与写入的不一致', en: 'what was read back differs from what was written' };
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return { zh: '服务器无权写入文件目录', en: 'the server may not write to its file folder' };
    default:
      return { zh: `存储服务拒绝了请求（${code}）`, en: `the store refused the request (${code})` };
  }
}
