import type { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, currentMember, describeRoute, docText, rData, readJson, readParams, requirePermission, type ServerContext } from '../../../core/sdk/server';
import { mountExclusiveEnable } from '../enabling/exclusive-enable';
import { SMS_CODE } from './codes';
import { MAX_PHONES, parseSendInput } from './send-input';
import { sendMessage, SMS_RATE_RULES } from './send';

const BASE = '/blade-resource/sms';

const sendParams = z.object({
  code: z.string().optional().describe(docText({ zh: '短信配置的资源编号；为空时使用已启用的配置', en: "The configuration's resource code; empty: the enabled one" })),
  phones: z.string().describe(docText({ zh: `手机号，逗号分隔，最多${MAX_PHONES}个（去重）`, en: `Mobile numbers, comma-separated, at most ${MAX_PHONES} (duplicates dropped)` })),
  params: z.string().optional().describe(docText({ zh: '模板参数，JSON 对象，键为模板中的 ${变量}', en: "Template parameters, a JSON object keyed by the template's ${variables}" })),
});

const sendBody = z.object({
  code: z.string().optional(),
  phones: z.union([z.string(), z.array(z.string())]),
  params: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))]).optional(),
});

const sendAnswer = z.object({
  smsCode: z.string(),
  category: z.number().int().describe(docText({ zh: '服务商：1 沙箱，2 阿里云', en: 'Provider: 1 sandbox, 2 Aliyun' })),
  bizId: z.string().nullable().describe(docText({ zh: '服务商回执ID', en: "The provider's receipt id" })),
  content: z.string().describe(docText({ zh: '发送的短信内容', en: 'The text sent' })),
  results: z.array(
    z.object({
      phone: z.string(),
      state: z.enum(['sent', 'failed', 'limited']).describe(docText({ zh: 'sent 已发送，limited 发送过于频繁未发送', en: 'sent, or limited: too many messages to it, not sent' })),
      message: z.string(),
    }),
  ),
});

/** The SMS configurations' routes besides the engine's: enable / disable, and sending. */
export function smsRoutes(api: Hono<AppEnv>, ctx: ServerContext): void {
  mountExclusiveEnable(api, ctx, { base: BASE, table: 'blade_sms', code: SMS_CODE.edit, subject: { zh: '短信配置', en: 'SMS configuration' } });

  api.post(
    `${BASE}/endpoint/send-message`,
    describeRoute({
      summary: { zh: '发送短信', en: 'Send a text message' },
      description: {
        zh: `用资源编号指定的短信配置（不论是否启用，便于启用前测试；为空时用已启用的配置）发送其模板，参数须恰好覆盖模板变量。每个号码每分钟${SMS_RATE_RULES.smsPhoneMinute.limit}条、每天${SMS_RATE_RULES.smsPhoneDay.limit}条，超出的号码不发送并在消息中列出（全部超出时 429）。每条短信记入短信记录；服务商拒绝时 400 并说明原因。也接受 JSON 体。`,
        en: `Sends the template of the configuration the resource code names (enabled or not, to test one before enabling it; empty: the enabled one); the parameters cover the template's variables exactly. Each number gets at most ${SMS_RATE_RULES.smsPhoneMinute.limit} a minute and ${SMS_RATE_RULES.smsPhoneDay.limit} a day: numbers over it are not sent to and are named in the message (429 when that is all of them). Every message is recorded; a provider's refusal is a 400 saying why. A JSON body is accepted too.`,
      },
      params: sendParams,
      body: sendBody,
      data: sendAnswer,
    }),
    requirePermission(ctx, SMS_CODE.send),
    async (c) => {
      const me = currentMember(c);
      let raw: Record<string, unknown> = await readParams(c);
      if (raw.phones === undefined && /application\/json/i.test(c.req.header('content-type') ?? '')) {
        const body = await readJson(c);
        if (typeof body === 'object' && body !== null && !Array.isArray(body)) raw = body as Record<string, unknown>;
      }
      const { result, msg } = await sendMessage(c, ctx, me, parseSendInput(raw));
      return c.json(rData(result, msg));
    },
  );
}
