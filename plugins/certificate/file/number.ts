import type { Tx } from '../../../core/sdk/server';

/**
 * Certificate numbers: `CERT-<year>-<6 digits>`, counted per tenant and year from 000001, never reused
 * (an order removed keeps its number). The count is one row per tenant and year, moved by a single
 * upsert, so two certificates issued at the same moment never get the same number; a year's counter
 * starts after the highest number of that year already on an order (demo data, an import).
 */

export const CERTIFICATE_NO_PREFIX = 'CERT';

export const certificateNoOf = (year: number, serial: number) => `${CERTIFICATE_NO_PREFIX}-${year}-${String(serial).padStart(6, '0')}`;

/** Tries past numbers some order already holds (set by hand or by an import after the counter started). */
const MAX_TRIES = 20;

/** The next free number of the tenant's year; inside the caller's transaction, the order's row locked. */
export async function nextCertificateNo(tx: Tx, tenantId: string, year: number): Promise<string> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const row = await tx.one<{ serial: number }>(
      `insert into xh_certificate_no_seq (tenant_id, year, last_no)
       values ($1::text, $2::int, 1 + coalesce((
         select max((regexp_match(certificate_no, '^CERT-\\d{4}-(\\d{1,9})$'))[1]::int) from xh_certificate_order
          where tenant_id = $1::text and certificate_no like $3), 0))
       on conflict (tenant_id, year) do update set last_no = xh_certificate_no_seq.last_no + 1
       returning last_no as serial`,
      [tenantId, year, `${CERTIFICATE_NO_PREFIX}-${year}-%`],
    );
    const candidate = certificateNoOf(year, Number(row!.serial));
    const taken = await tx.one(`select 1 as taken from xh_certificate_order where tenant_id = $1 and certificate_no = $2 limit 1`, [tenantId, candidate]);
    if (!taken) return candidate;
  }
  throw new Error(`No free certificate number for tenant ${tenantId} in ${year} after ${MAX_TRIES} tries`);
}
