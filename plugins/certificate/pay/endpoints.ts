/** WeChat's own addresses: the settings may point a tenant elsewhere (a proxy; the tests' fake server). */
export const PAY_API_BASE = 'https://api.mch.weixin.qq.com';
export const WX_API_BASE = 'https://api.weixin.qq.com';
