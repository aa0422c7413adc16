import type { LocalText } from '../../../core/sdk/shared';

/** What the certificate file's endpoints answer a person, in both languages. */
export const FILE_MSG = {
  notIssuable: (state: LocalText): LocalText => ({
    zh: `订单「${state.zh}」，不能生成证书：只有已支付且未全额退款的订单可以生成`,
    en: `The order is "${state.en}": a certificate is made only for an order paid and not wholly refunded`,
  }),
  noFile: { zh: '证书文件尚未生成', en: 'The certificate file has not been made yet' },
  noFont: {
    zh: '服务器没有可用的中文字体，无法生成证书（可用环境变量 CERTIFICATE_FONT 指定 TTF/OTF/TTC 字体文件）',
    en: 'The server has no Chinese font to print the certificate with (set CERTIFICATE_FONT to a TTF, OTF or TTC font file)',
  },
  missingGlyphs: (what: LocalText, chars: string): LocalText => ({
    zh: `${what.zh}中的「${chars}」无法在证书上显示：证书字体没有这些字`,
    en: `${what.en} has characters the certificate's font cannot print: ${chars}`,
  }),
  holder: { zh: '持证人姓名', en: "The holder's name" },
  issuer: { zh: '发证单位', en: 'The issuer' },
  certificateType: { zh: '证书类型', en: 'The certificate type' },
  badSeal: {
    zh: '公章图片无法读取，请在支付与证书设置中重新上传（jpg/png）',
    en: 'The seal image cannot be read: upload it again (jpg/png) in the payment and certificate settings',
  },
  changed: { zh: '订单在生成证书期间发生了变化，请重试', en: 'The order changed while its certificate was being made: try again' },
  forged: { zh: '证书校验失败：该二维码不是本系统签发的', en: 'The certificate could not be verified: this code was not issued by us' },
  revoked: { zh: '证书已失效', en: 'The certificate is no longer valid' },
  genuine: { zh: '证书真实有效', en: 'This certificate is genuine' },
} as const;

/** The certificate file's screen texts, under `certificate.file`. */
export const fileMessages = {
  zh: {
    generate: '生成证书',
    regenerate: '重新生成',
    generating: '正在生成证书…',
    generated: '证书已生成',
    regenerateConfirm: '重新生成会替换现有的证书文件（证书编号与发证日期不变），继续吗？',
    preview: '预览证书',
    previewTitle: '证书预览 · {{no}}',
    loading: '正在加载证书…',
    failed: '证书加载失败',
    retry: '重试',
    download: '下载',
    open: '打开',
    close: '关闭',
    pageOf: '第 1 页，共 {{pages}} 页',
    canvasLabel: '证书第一页的预览',
  },
  en: {
    generate: 'Make certificate',
    regenerate: 'Make again',
    generating: 'Making the certificate…',
    generated: 'The certificate is made',
    regenerateConfirm: 'Making it again replaces the certificate file (its number and issue date stay). Go on?',
    preview: 'Preview',
    previewTitle: 'Certificate · {{no}}',
    loading: 'Loading the certificate…',
    failed: 'The certificate could not be loaded',
    retry: 'Retry',
    download: 'Download',
    open: 'Open',
    close: 'Close',
    pageOf: 'Page 1 of {{pages}}',
    canvasLabel: "Preview of the certificate's first page",
  },
} as const;
