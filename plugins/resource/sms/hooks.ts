import { bizError, type CrudHooks, hasPermission, localize, type ServerContext, str } from '../../../core/sdk/server';
import { ALIYUN, SANDBOX, SECRET_MASK } from './entity';
import { SMS_CODE } from './codes';
import { SMS_MSG } from './messages';
import { ALIYUN_REQUIRED, codeMeaning } from './providers';
import { SECRET_PURPOSE } from './send';
import { templateVariables } from './template';

/** A secret key as typed: printable ASCII, as every provider's are (the column holds it sealed, longer). */
const SECRET_TEXT = /^[\x21-\x7e]{1,128}$/;
const MSG_SECRET = { zh: 'secretKey 须为不超过128个可见字符', en: 'A secret key is at most 128 printable characters' };
const MSG_CATEGORY = { zh: '短信服务商不正确', en: 'Unknown SMS provider' };
const MSG_TOO_MANY_VARIABLES = { zh: '模板变量最多20个', en: 'A template has at most 20 variables' };

/**
 * The configurations' save and read: the secret key sealed before it is written and answered as a mask
 * (the mask, or nothing, sent back keeps the stored one), and an Aliyun configuration refused without
 * what sending needs.
 */
export function smsHooks(ctx: ServerContext): CrudHooks {
  return {
    beforeValidate({ body, mode }) {
      const sent = typeof body.secretKey === 'string' ? body.secretKey.trim() : body.secretKey;
      if (sent === SECRET_MASK || sent === '' || sent === null || (mode === 'edit' && sent === undefined)) delete body.secretKey;
      else if (typeof sent === 'string') body.secretKey = sent;
    },

    beforeChange({ values, existing }) {
      if (typeof values.secretKey === 'string') {
        if (!SECRET_TEXT.test(values.secretKey)) throw bizError(MSG_SECRET);
        values.secretKey = ctx.secrets.seal(SECRET_PURPOSE, values.secretKey);
      }
      // The dictionary's entries may be edited; the providers this server has are these.
      if (Object.hasOwn(values, 'category') && ![SANDBOX, ALIYUN].includes(Number(values.category))) throw bizError(MSG_CATEGORY);
      const merged = (field: string, column: string) => (Object.hasOwn(values, field) ? str(values[field]) : str(existing?.[column]));
      if (templateVariables(merged('templateContent', 'template_content')).length > 20) throw bizError(MSG_TOO_MANY_VARIABLES);
      if (Number(Object.hasOwn(values, 'category') ? values.category : existing?.category) !== ALIYUN) return;
      const gaps = (
        [
          ['templateId', 'template_id'],
          ['signName', 'sign_name'],
          ['accessKey', 'access_key'],
          ['secretKey', 'secret_key'],
        ] as const
      ).filter(([field, column]) => !merged(field, column).trim());
      if (gaps.length) throw bizError(SMS_MSG.aliyunNeeds(gaps.map(([field]) => ALIYUN_REQUIRED[field])));
    },

    afterRead({ rows }) {
      for (const row of rows) row.secretKey = row.secretKey ? SECRET_MASK : '';
    },
  };
}

/** A phone as shown to whoever may not edit the configurations: 138****5678. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * Sent messages: the provider's answer in the reader's language when its code is one we know (the stored
 * text is the sender's); phones whole for holders of the configurations' edit button, masked for anyone else.
 */
export const smsRecordHooks: CrudHooks = {
  async afterRead({ tx, user, rows }) {
    for (const row of rows) {
      const meaning = codeMeaning(Number(row.category), str(row.providerCode));
      if (meaning) row.providerMessage = localize(meaning);
    }
    if (await hasPermission(tx, user, SMS_CODE.edit)) return;
    for (const row of rows) row.phone = maskPhone(str(row.phone));
  },
};
