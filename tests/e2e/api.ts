/** Direct calls to the server, as an integrator's script would make them (not through the browser). */
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = async (text: string) => (await import('node:crypto')).createHash('md5').update(text).digest('hex');

export async function apiToken(baseUrl: string, tenantId: string, username: string, password: string): Promise<string> {
  const query = new URLSearchParams({ tenantId, username, password: await md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const res = await fetch(`${baseUrl}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${body.error_description}`);
  return body.access_token;
}

export async function apiCall(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, query: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams(query)}`, {
    method,
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { code: number; success: boolean; msg: string; data: unknown } };
}
