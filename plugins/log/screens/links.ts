/**
 * Addresses between the logs: a request's rows in the other log, found by its request id (the list keeps
 * its filters in the address under `list.f.`), in the tenant being read.
 */
function logAddress(path: string, requestId: string, tenantId: string): string {
  const search = new URLSearchParams({ 'list.f.requestId_equal': requestId });
  if (tenantId) search.set('log.tenant', tenantId);
  return `${path}?${search.toString()}`;
}

export const errorsOfRequest = (requestId: string, tenantId: string) => logAddress('/monitor/log/error', requestId, tenantId);
export const callOfRequest = (requestId: string, tenantId: string) => logAddress('/monitor/log/api', requestId, tenantId);
