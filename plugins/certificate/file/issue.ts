import {
  type AuthUser,
  bizError,
  crudDataScope,
  DOCUMENT_TYPES,
  formatDateTime,
  MSG,
  removeFiles,
  type ServerContext,
  sniffDocument,
  SqlParams,
  stateLabel,
  storeFile,
  type Tx,
} from '../../../core/sdk/server';
import { certificateTypeName } from '../order/dictionary';
import { certificateOrderEntity } from '../order/entity';
import { PAY_STATE } from '../order/states';
import { assertPrintable, certificateFont, type CertificateFont } from './font';
import { certificateIssuable } from './issuable';
import { readIssuer } from './issuer';
import { FILE_MSG } from './messages';
import { nextCertificateNo } from './number';
import { type CertificateContent, renderCertificate } from './render';
import { verifyUrl } from './verify-token';

/**
 * Making an order's certificate file, in three steps so that no transaction is held while the PDF is
 * drawn (on the embedded database a held transaction holds up every other request): a short transaction
 * locks the order, checks it, gives it its certificate number when it has none and reads what the
 * certificate prints; the PDF is rendered outside any; a second short transaction locks the order again,
 * checks nothing changed meanwhile, stores the file and links it. Making it again keeps the number and
 * the first issue date, and retires the file it replaces.
 */

/** The order's columns the certificate needs. */
interface OrderForCertificate {
  id: string;
  name: string;
  certificate_type: number;
  certificate_no: string | null;
  pay_state: number;
  amount: string;
  refund_amount: string | null;
}

/** What the first step hands the others. */
interface Prepared {
  orderId: string;
  certificateNo: string;
  content: CertificateContent;
}

export interface MadeFile {
  certificateNo: string;
  link: string;
  size: number;
}

/** Refuses, naming its state, an order whose certificate may not be made. */
function assertIssuable(order: OrderForCertificate): void {
  if (!certificateIssuable({ payState: order.pay_state, amount: order.amount, refundAmount: order.refund_amount })) {
    throw bizError(FILE_MSG.notIssuable(stateLabel(PAY_STATE, order.pay_state)));
  }
}

/** The order, locked for this transaction, if the caller may see it (tenant, not removed, data scope). */
async function lockOrder(tx: Tx, ctx: ServerContext, user: AuthUser, orderId: string): Promise<OrderForCertificate> {
  const scope = await crudDataScope(ctx, tx, user, certificateOrderEntity);
  const p = new SqlParams();
  const where = [`id = ${p.add(orderId)}`, `tenant_id = ${p.add(user.tenantId)}`, 'is_deleted = 0', ...(scope ? [`(${scope(p)})`] : [])];
  const order = await tx.one<OrderForCertificate>(
    `select id::text as id, name, certificate_type, certificate_no, pay_state, amount::text as amount, refund_amount::text as refund_amount
       from xh_certificate_order where ${where.join(' and ')} for update`,
    p.values,
  );
  if (!order) throw bizError(MSG.notFound);
  return order;
}

/** Step 1: checks, the number, what the certificate prints. */
async function prepare(tx: Tx, ctx: ServerContext, user: AuthUser, orderId: string, origin: string, font: CertificateFont): Promise<Prepared> {
  const order = await lockOrder(tx, ctx, user, orderId);
  assertIssuable(order);
  const type = await certificateTypeName(tx, ctx, Number(order.certificate_type));
  const issuer = await readIssuer(tx, ctx, user.tenantId);
  // What would print as empty boxes is refused before anything is written.
  assertPrintable(font, FILE_MSG.holder, order.name);
  assertPrintable(font, FILE_MSG.issuer, issuer.name);
  assertPrintable(font, FILE_MSG.certificateType, type.zh);

  const now = ctx.now();
  let certificateNo = order.certificate_no ?? '';
  if (!certificateNo) {
    certificateNo = await nextCertificateNo(tx, user.tenantId, now.getFullYear());
    await tx.query(`update xh_certificate_order set certificate_no = $1 where id = $2 and tenant_id = $3`, [certificateNo, orderId, user.tenantId]);
  }
  const issued = await tx.one<{ issue_date: string }>(
    `select to_char(issue_date, 'YYYY-MM-DD') as issue_date from xh_certificate_issue where tenant_id = $1 and order_id = $2`,
    [user.tenantId, orderId],
  );
  return {
    orderId,
    certificateNo,
    content: {
      title: type.zh,
      titleEn: type.en,
      holderName: order.name,
      certificateNo,
      issueDate: issued?.issue_date ?? formatDateTime(now).slice(0, 10),
      issuerName: issuer.name,
      seal: issuer.seal,
      verifyUrl: verifyUrl(ctx, origin, user.tenantId, orderId),
      madeAt: now,
    },
  };
}

/** Step 3: the file kept and linked; the attachment it replaces, if any, to be removed once this commits. */
async function keep(tx: Tx, ctx: ServerContext, user: AuthUser, prepared: Prepared, bytes: Uint8Array): Promise<{ made: MadeFile; replaced: string | null }> {
  const order = await lockOrder(tx, ctx, user, prepared.orderId);
  assertIssuable(order);
  if (order.certificate_no !== prepared.certificateNo) throw bizError(FILE_MSG.changed);
  // What is stored is judged by its bytes, as every stored file is.
  if (sniffDocument(bytes) !== DOCUMENT_TYPES.pdf) throw new Error('The certificate renderer made something that is not a PDF');
  const stored = await storeFile(tx, ctx, user, bytes, DOCUMENT_TYPES.pdf, `${prepared.certificateNo}.pdf`);
  const before = await tx.one<{ attach_id: string | null }>(
    `select attach_id::text as attach_id from xh_certificate_issue where tenant_id = $1 and order_id = $2`,
    [user.tenantId, prepared.orderId],
  );
  const now = ctx.now();
  await tx.query(
    `insert into xh_certificate_issue (tenant_id, order_id, certificate_no, issue_date, issuer_name, attach_id, file_link, file_size, create_user, create_time, update_user, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10)
     on conflict (tenant_id, order_id) do update set certificate_no = excluded.certificate_no, issuer_name = excluded.issuer_name,
       attach_id = excluded.attach_id, file_link = excluded.file_link, file_size = excluded.file_size, update_user = excluded.update_user, update_time = excluded.update_time`,
    [user.tenantId, prepared.orderId, prepared.certificateNo, prepared.content.issueDate, prepared.content.issuerName, stored.attachId, stored.link, stored.size, user.userId || null, now],
  );
  await tx.query(
    `update xh_certificate_order set certificate_file = $1, update_user = $2, update_time = $3 where id = $4 and tenant_id = $5`,
    [stored.link, user.userId || null, now, prepared.orderId, user.tenantId],
  );
  return { made: { certificateNo: prepared.certificateNo, link: stored.link, size: stored.size }, replaced: before?.attach_id ?? null };
}

/** The PDF of what `prepare` read; a seal the PDF library cannot read is the tenant's to fix. */
async function render(prepared: Prepared, font: CertificateFont): Promise<Uint8Array> {
  try {
    return await renderCertificate(prepared.content, font);
  } catch (error) {
    // The seal's bytes passed the picture check but the PDF library could not read them (a damaged PNG).
    if (prepared.content.seal) throw bizError(FILE_MSG.badSeal);
    throw error;
  }
}

/** Makes (or makes again) the certificate file of one of the caller's orders; `origin` is where the QR code's check is answered. */
export async function makeCertificateFile(ctx: ServerContext, user: AuthUser, orderId: string, origin: string): Promise<MadeFile> {
  const font = certificateFont();
  const prepared = await ctx.db.tenant(user.tenantId, (tx) => prepare(tx, ctx, user, orderId, origin, font));
  const bytes = await render(prepared, font);
  const { made, replaced } = await ctx.db.tenant(user.tenantId, (tx) => keep(tx, ctx, user, prepared, bytes));
  // After the commit: the old file's object leaves its store only once nothing links to it any more.
  if (replaced) await removeFiles(ctx, user.tenantId, [replaced]);
  return made;
}

/**
 * The first file of an order, in one transaction the caller holds, where nothing else waits on it (the
 * demo data's seed). An order that has one already is refused: replacing it removes a file, which waits
 * for a commit this function does not see.
 */
export async function makeCertificateFileWithin(tx: Tx, ctx: ServerContext, user: AuthUser, orderId: string, origin: string): Promise<MadeFile> {
  const font = certificateFont();
  const prepared = await prepare(tx, ctx, user, orderId, origin, font);
  const { made, replaced } = await keep(tx, ctx, user, prepared, await render(prepared, font));
  if (replaced) throw new Error(`Order ${orderId} already had a certificate file: make it again with makeCertificateFile`);
  return made;
}
