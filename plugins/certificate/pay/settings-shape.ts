import type { ProviderId } from './states';

/**
 * A tenant's payment and certificate settings as the settings call answers them (read by the screen):
 * the secrets never leave the server, only whether each is set.
 */
export interface PaySettingView {
  provider: ProviderId;
  /** Sandbox: seconds a refund stays in progress before it settles. */
  refundDelaySeconds: number;
  /** Sandbox: how its refunds settle (a failure shows the refund-failed path). */
  sandboxRefundOutcome: SandboxOutcome;
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  privateKeySet: boolean;
  apiV3KeySet: boolean;
  /** The platform's public key or certificate (PEM): public, so shown. */
  platformCertificate: string;
  appSecretSet: boolean;
  payApiBase: string;
  wxApiBase: string;
  /** 发证单位 printed on the certificates (default the tenant's name). */
  issuerName: string;
  /** The seal printed over the issuer (a picture this server keeps). */
  sealImage: string;
  updateTime: string;
}

export const SANDBOX_OUTCOMES = ['SUCCESS', 'ABNORMAL'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Bounds of the sandbox's refund delay, in seconds (a day at most). */
export const MIN_REFUND_DELAY = 0;
export const MAX_REFUND_DELAY = 86_400;
export const DEFAULT_REFUND_DELAY = 30;

export const SETTING_URL = '/api/xh/pay/setting/detail';
export const SETTING_SAVE_URL = '/api/xh/pay/setting/submit';
