// How the benchmarks sign in as a reader app does: an app password made through the API (what the
// account page does), then Google Reader's ClientLogin and token, or Fever's api_key.
import { createHash } from 'node:crypto';

/** A new app password for the signed-in person (`cookie`), who confirms with `currentPassword`. */
export async function createAppPassword(baseURL, cookie, currentPassword) {
  const created = await fetch(`${baseURL}/api/users/me/app-passwords`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', currentPassword }),
  });
  const { password } = await created.json();
  if (!password) throw new Error(`creating an app password answered ${created.status}`);
  return password;
}

/** ClientLogin, then a POST token: the headers and T of every Google Reader call on one side. */
export async function greaderSession(baseURL, email, password) {
  const login = await fetch(`${baseURL}/accounts/ClientLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Email: email, Passwd: password }),
  });
  const auth = (await login.text()).match(/^Auth=(.+)$/m)?.[1];
  if (!auth) throw new Error(`${baseURL}: ClientLogin answered ${login.status}`);
  const headers = { authorization: `GoogleLogin auth=${auth}` };
  const token = (await (await fetch(`${baseURL}/reader/api/0/token`, { headers })).text()).trim();
  return { headers, token };
}

/** Fever's api_key: md5 of "email:password", as its clients send it. */
export const feverApiKey = (email, password) => createHash('md5').update(`${email}:${password}`).digest('hex');
