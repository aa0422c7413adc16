import { bizError, FILE_LOCATION_COLUMNS, FILE_ROUTE, fileBytes, sniffImage, type FileLocation, type FileReadingContext, type Tx } from '../../../core/sdk/server';
import { readCertificateSettings } from '../pay/settings';
import { FILE_MSG } from './messages';

/** Who issues the tenant's certificates: the name printed as 发证单位 and the seal stamped over it. */
export interface Issuer {
  name: string;
  /** The seal picture's bytes (PNG or JPEG); null when the tenant has none (the certificate has no seal). */
  seal: Uint8Array | null;
}

const OWN_FILE = new RegExp(`^/api${FILE_ROUTE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/([0-9a-f]{32}\\.(png|jpg))$`);

/**
 * The tenant's issuer, from the payment and certificate settings. The seal must be a picture kept by this
 * server for the tenant (read from its files, the bytes checked again): an outside link is never fetched
 * by the server, and a removed or unreadable file is a refusal that says where to upload it again.
 */
export async function readIssuer(tx: Tx, ctx: FileReadingContext, tenantId: string): Promise<Issuer> {
  const settings = await readCertificateSettings(tx, tenantId);
  if (!settings.sealImage) return { name: settings.issuerName, seal: null };
  const name = OWN_FILE.exec(settings.sealImage)?.[1];
  if (!name) throw bizError(FILE_MSG.badSeal);
  const file = await tx.one<FileLocation>(`select ${FILE_LOCATION_COLUMNS} from blade_attach where tenant_id = $1 and name = $2 and is_deleted = 0`, [tenantId, name]);
  const bytes = file ? await fileBytes(tx, ctx, tenantId, file) : null;
  if (!bytes || !sniffImage(bytes)) throw bizError(FILE_MSG.badSeal);
  return { name: settings.issuerName, seal: bytes };
}
