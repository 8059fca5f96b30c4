import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../engine/spec/errors';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_FAILURES_PER_REQUESTER_PER_HOUR } from '../../../engine/spec/accountLimits';
import { databaseTargets } from '../testing/testDatabases';
import { startTestServer, type TestServer } from '../testing/testServer';
import { loadAccountsConfig } from '../config/accountsConfig';
import { SessionStore } from './sessions';
import { startTestSmtp, type TestSmtp } from '../testing/testSmtp';

for (const target of databaseTargets()) {
  describe(`email sign-in and sessions on ${target.name}`, () => {
    let server: TestServer;
    let smtp: TestSmtp;
    let store: Awaited<ReturnType<typeof target.make>>;
    // Each test uses its own address, and its own client address so rate limits do not cross.
    let ipCounter = 1;
    const nextIp = () => `10.0.0.${ipCounter++}`;

    beforeAll(async () => {
      smtp = await startTestSmtp();
      store = await target.make();
      server = await startTestServer(store, { workers: 0, accounts: { smtpUrl: smtp.url, freeDailyCredits: 3 } });
    });
    afterAll(async () => {
      await server.close();
      await smtp.close();
      await store.cleanup();
    });

    const post = async (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.9.9.9') =>
      (await server.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip })).json();
    const askCode = (email: string, ip: string) => post('/api/account/email/code', { email }, {}, ip);
    const signIn = async (email: string) => {
      const ip = nextIp();
      // Age earlier codes past the 30 s resend guard instead of waiting.
      await server.runtime.db.query(`update login_codes set created_at = created_at - interval '1 minute' where email = $1`, [email.toLowerCase()]);
      expect((await askCode(email, ip)).resultCode).toBe(ResultCode.SUCCESS);
      const res = await post('/api/account/email/login', { email, code: smtp.codeFor(email) }, {}, ip);
      expect(res.resultCode).toBe(ResultCode.SUCCESS);
      return res.data as { accountId: string; token: string; isNew: boolean };
    };

    it('mails a 6-digit code over SMTP; the code signs up once, and signs in the same account later', async () => {
      const first = await signIn('Ada@Example.org');
      expect(first.isNew).toBe(true);
      expect(first.token).toMatch(/^lc_/);
      const info = await post('/api/account/info', {}, { 'x-auth-token': first.token });
      expect(info.data.account).toMatchObject({ id: first.accountId, email: 'ada@example.org', provider: 'email' });
      expect(info.data.balance.total).toBe(3);
      // The collect-guide gift: not sent yet, collected once.
      const auth = { 'x-auth-token': first.token };
      expect((await post('/api/account/benefits', {}, auth)).data).toMatchObject({ hasSentCollectionGifts: false, giftCredits: 5 });
      expect((await post('/api/account/gifts/collect', {}, auth)).data.granted).toBe(true);
      expect((await post('/api/account/gifts/collect', {}, auth)).data.granted).toBe(false);
      expect((await post('/api/account/benefits', {}, auth)).data.hasSentCollectionGifts).toBe(true);
      expect((await post('/api/credits/balance', {}, auth)).data.paid).toBe(5);
      const again = await signIn('ada@example.org');
      expect(again).toMatchObject({ accountId: first.accountId, isNew: false });
      expect(again.token).not.toBe(first.token);
      // Only hashes of tokens are stored.
      const { rows } = await server.runtime.db.query<{ token_hash: string }>('select token_hash from account_sessions');
      expect(rows.map((r) => r.token_hash)).not.toContain(first.token);
    });

    it('a wrong code is -1018, a used code -1017, an expired code -1017, and a code dies after too many wrong tries', async () => {
      const email = 'wrong@example.org';
      const ip = nextIp();
      await askCode(email, ip);
      const code = smtp.codeFor(email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      expect((await post('/api/account/email/login', { email, code: wrongCode }, {}, ip)).resultCode).toBe(ResultCode.VERIFY_CODE_WRONG);
      expect((await post('/api/account/email/login', { email, code }, {}, ip)).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/email/login', { email, code }, {}, ip)).resultCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);

      const late = 'late@example.org';
      await askCode(late, ip);
      await server.runtime.db.query(`update login_codes set expires_at = now() - interval '1 second' where email = $1`, [late]);
      expect((await post('/api/account/email/login', { email: late, code: smtp.codeFor(late) }, {}, ip)).resultCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);

      const guessed = 'guess@example.org';
      const ip2 = nextIp();
      await askCode(guessed, ip2);
      const right = smtp.codeFor(guessed);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < LOGIN_CODE_MAX_ATTEMPTS; i++) {
        expect((await post('/api/account/email/login', { email: guessed, code: wrong }, {}, ip2)).resultCode).toBe(ResultCode.VERIFY_CODE_WRONG);
      }
      // The right code no longer works once the guesses are used up.
      expect((await post('/api/account/email/login', { email: guessed, code: right }, {}, ip2)).resultCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);
    });

    it('limits code requests per address; wrong codes are limited per client, never per address', async () => {
      const email = 'busy@example.org';
      const ip = nextIp();
      expect((await askCode(email, ip)).resultCode).toBe(ResultCode.SUCCESS);
      const tooSoon = await server.app.inject({ method: 'POST', url: '/api/account/email/code', payload: { email }, remoteAddress: ip });
      expect(tooSoon.statusCode).toBe(429);
      // One client guessing: LOGIN_FAILURES_PER_REQUESTER_PER_HOUR guesses an hour, then 429, whatever the addresses.
      const guesser = nextIp();
      for (let i = 0; i < LOGIN_FAILURES_PER_REQUESTER_PER_HOUR; i++) {
        expect((await post('/api/account/email/login', { email: `nobody${i}@example.org`, code: '000000' }, {}, guesser)).resultCode).toBe(
          ResultCode.VERIFY_CODE_WRONG,
        );
      }
      const blocked = await server.app.inject({
        method: 'POST',
        url: '/api/account/email/login',
        payload: { email: 'nobody@example.org', code: '000000' },
        remoteAddress: guesser,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().resultCode).toBe(ResultCode.VERIFY_CODE_WRONG);
      expect((await askCode('not-an-address', nextIp())).resultCode).toBe(ResultCode.PARAMS_INVALID);
    });

    it('nobody can lock an address out (issue 30 item 3): wrong codes from many clients, with or without a code sent, leave its owner able to sign in', async () => {
      const email = 'target@example.org';
      // Strangers on twelve networks try codes before any was sent: the address is not charged.
      for (let i = 0; i < 12; i++) {
        expect((await post('/api/account/email/login', { email, code: String(100000 + i) }, {}, nextIp())).resultCode).toBe(ResultCode.VERIFY_CODE_WRONG);
      }
      const owner = nextIp();
      await askCode(email, owner);
      expect((await post('/api/account/email/login', { email, code: smtp.codeFor(email) }, {}, owner)).resultCode).toBe(ResultCode.SUCCESS);
      // With a code outstanding the strangers can spend that code, and no more: a new code works at once.
      await server.runtime.db.query(`update login_codes set created_at = created_at - interval '1 minute' where email = $1`, [email]);
      await askCode(email, owner);
      const right = smtp.codeFor(email);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < LOGIN_CODE_MAX_ATTEMPTS + 5; i++) await post('/api/account/email/login', { email, code: wrong }, {}, nextIp());
      const spent = await post('/api/account/email/login', { email, code: right }, {}, owner);
      expect(spent.resultCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);
      expect(spent.msg).toMatch(/too many wrong tries/);
      await server.runtime.db.query(`update login_codes set created_at = created_at - interval '1 minute' where email = $1`, [email]);
      await askCode(email, owner);
      expect((await post('/api/account/email/login', { email, code: smtp.codeFor(email) }, {}, owner)).resultCode).toBe(ResultCode.SUCCESS);
    });

    it('a burst of parallel wrong codes gets exactly the allowed tries evaluated, and the right code then says why it is spent (issue 30 item 9)', async () => {
      const email = 'burst@example.org';
      const owner = nextIp();
      await askCode(email, owner);
      const right = smtp.codeFor(email);
      const wrong = right === '123456' ? '654321' : '123456';
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => post('/api/account/email/login', { email, code: wrong }, {}, `10.77.${Math.floor(i / 200)}.${i % 200}`)),
      );
      expect(answers.filter((a) => a.resultCode === ResultCode.VERIFY_CODE_WRONG)).toHaveLength(LOGIN_CODE_MAX_ATTEMPTS);
      expect(answers.filter((a) => a.resultCode === ResultCode.VERIFY_CODE_EXPIRED)).toHaveLength(60 - LOGIN_CODE_MAX_ATTEMPTS);
      const { rows } = await server.runtime.db.query<{ attempts: number }>('select attempts from login_codes where email = $1', [email]);
      expect(rows.map((r) => Number(r.attempts))).toEqual([LOGIN_CODE_MAX_ATTEMPTS]);
      const after = await post('/api/account/email/login', { email, code: right }, {}, owner);
      expect(after.resultCode).toBe(ResultCode.VERIFY_CODE_EXPIRED);
      expect(after.msg).toMatch(/too many wrong tries/);
      expect(after.msg).not.toMatch(/already used/);
      // Parallel tries of one client are counted exactly too: 40 at once from one network, 30 evaluated.
      const one = nextIp();
      const flood = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          server.app.inject({
            method: 'POST',
            url: '/api/account/email/login',
            payload: { email: `flood${i}@example.org`, code: '000000' },
            remoteAddress: one,
          }),
        ),
      );
      expect(flood.filter((r) => r.statusCode === 429)).toHaveLength(40 - LOGIN_FAILURES_PER_REQUESTER_PER_HOUR);
    });

    it('the collect-guide gift is once per person: plus-addressed or dotted Gmail accounts of one inbox get it once (issue 30 item 4)', async () => {
      const first = await signIn('giver+1@gmail.com');
      const second = await signIn('g.iver+2@googlemail.com');
      const stranger = await signIn('giver@example.org');
      expect(second.accountId).not.toBe(first.accountId);
      expect((await post('/api/account/gifts/collect', {}, { 'x-auth-token': first.token })).data.granted).toBe(true);
      expect((await post('/api/account/benefits', {}, { 'x-auth-token': second.token })).data.hasSentCollectionGifts).toBe(true);
      expect((await post('/api/account/gifts/collect', {}, { 'x-auth-token': second.token })).data.granted).toBe(false);
      expect((await post('/api/credits/balance', {}, { 'x-auth-token': second.token })).data.paid).toBe(0);
      expect((await post('/api/account/gifts/collect', {}, { 'x-auth-token': stranger.token })).data.granted).toBe(true);
    });

    it('the session for image loads is an HttpOnly cookie the server sets, sessions last 30 days from last use by default and slide (issue 30 item 14)', async () => {
      const { token } = await signIn('cookie@example.org');
      const set = await server.app.inject({ method: 'POST', url: '/api/session/cookie', payload: {}, headers: { 'x-auth-token': token } });
      expect(set.json().resultCode).toBe(ResultCode.SUCCESS);
      const line = String(set.headers['set-cookie']);
      expect(line).toMatch(/^lc_session=lc_/);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Strict/);
      expect(line).toMatch(/Path=\/api\/projects/);
      expect(line).toMatch(/Max-Age=86400/); // the test server's 24-hour sessions
      const cookie = line.split(';')[0]!;
      // An image load under /api/projects is the account's with that cookie alone.
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'x-device-id': 'cookie-device-0123456789' } })).json().resultCode,
      ).toBe(ResultCode.SUCCESS);
      // No valid token, no cookie; clearing drops it.
      expect(
        (await server.app.inject({ method: 'POST', url: '/api/session/cookie', payload: {}, headers: { 'x-auth-token': 'lc_forged' } })).json().resultCode,
      ).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect(String((await server.app.inject({ method: 'POST', url: '/api/session/cookie/clear', payload: {} })).headers['set-cookie'])).toMatch(
        /^lc_session=; .*Max-Age=0/,
      );
      // Sliding expiry: a session about to lapse is renewed by its use, at most one write a day.
      await server.runtime.db.query(
        `update account_sessions set expires_at = now() + interval '1 hour' where account_id = (select account_id from account_sessions where token_hash = $1)`,
        [createHash('sha256').update(token).digest('hex')],
      );
      expect((await post('/api/account/info', {}, { 'x-auth-token': token })).resultCode).toBe(ResultCode.SUCCESS);
      const { rows } = await server.runtime.db.query<{ hours: number }>(
        `select extract(epoch from expires_at - now()) / 3600 as hours from account_sessions where token_hash = $1`,
        [createHash('sha256').update(token).digest('hex')],
      );
      expect(Number(rows[0]!.hours)).toBeGreaterThan(23);
      // A revoked session in the cookie is refused, never served as a visitor.
      await post('/api/account/logout', {}, { 'x-auth-token': token });
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, 'x-device-id': 'cookie-device-0123456789' } })).json().resultCode,
      ).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect(loadAccountsConfig({}).sessionHours).toBe(30 * 24);
    });

    it('creating or revoking an API key rotates the session: the old token answers 1000006, the new one works (issue 30 item 14)', async () => {
      const here = await signIn('rotate@example.org');
      const elsewhere = await signIn('rotate@example.org');
      const created = await post('/api/account/api-keys/create', { name: 'script' }, { 'x-auth-token': here.token });
      expect(created.resultCode).toBe(ResultCode.SUCCESS);
      expect(created.data.key).toMatch(/^lc_/);
      const fresh = created.data.sessionToken as string;
      expect(fresh).toMatch(/^lc_/);
      expect(fresh).not.toBe(here.token);
      // A stolen copy of the old token is dead; the browser that made the change is still this account.
      expect((await post('/api/account/info', {}, { 'x-auth-token': here.token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect((await post('/api/account/api-keys/list', {}, { 'x-auth-token': here.token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      const info = await post('/api/account/info', {}, { 'x-auth-token': fresh });
      expect(info.resultCode).toBe(ResultCode.SUCCESS);
      expect(info.data.account.id).toBe(here.accountId);
      // Only the presented session rotates: the account's other browsers stay signed in.
      expect((await post('/api/account/info', {}, { 'x-auth-token': elsewhere.token })).resultCode).toBe(ResultCode.SUCCESS);
      // The fresh session is good for image loads too (the page asks for its cookie with it).
      expect((await server.app.inject({ method: 'POST', url: '/api/session/cookie', payload: {}, headers: { 'x-auth-token': fresh } })).json().resultCode).toBe(
        ResultCode.SUCCESS,
      );

      const revoked = await post('/api/account/api-keys/revoke', { id: created.data.id }, { 'x-auth-token': fresh });
      expect(revoked.data.revoked).toBe(true);
      const third = revoked.data.sessionToken as string;
      expect((await post('/api/account/info', {}, { 'x-auth-token': fresh })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect((await post('/api/account/info', {}, { 'x-auth-token': third })).resultCode).toBe(ResultCode.SUCCESS);

      // A refused change rotates nothing; a dead token changes nothing.
      const bad = await post('/api/account/api-keys/create', { name: '' }, { 'x-auth-token': third });
      expect(bad.resultCode).toBe(ResultCode.PARAMS_INVALID);
      expect(bad.data?.sessionToken).toBeUndefined();
      expect((await post('/api/account/api-keys/revoke', { id: 'KEY_none' }, { 'x-auth-token': third })).resultCode).toBe(ResultCode.PARAMS_INVALID);
      expect((await post('/api/account/info', {}, { 'x-auth-token': third })).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/api-keys/create', { name: 'thief' }, { 'x-auth-token': here.token })).resultCode).toBe(
        ResultCode.ACCOUNT_AUTHORIZED_EXPIRED,
      );
      const keys = (await post('/api/account/api-keys/list', {}, { 'x-auth-token': third })).data.keys as { name: string }[];
      expect(keys.map((k) => k.name)).toEqual(['script']);
    });

    it('a spent token cannot be rotated twice: the second of two rotations of one session answers 1000006', async () => {
      const { token } = await signIn('rotate-twice@example.org');
      const sessions = new SessionStore(server.runtime.db, 1);
      const session = { tokenHash: createHash('sha256').update(token).digest('hex') };
      const [first, second] = await Promise.allSettled([sessions.rotate(session), sessions.rotate(session)]);
      const won = [first, second].filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      expect([first, second].find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: ResultCode.ACCOUNT_AUTHORIZED_EXPIRED } });
      expect((await post('/api/account/info', {}, { 'x-auth-token': (won[0] as PromiseFulfilledResult<string>).value })).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/info', {}, { 'x-auth-token': token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    });

    it('sign out ends one session, sign out everywhere ends all, a deleted account and a forged token get 1000006', async () => {
      const a = await signIn('sessions@example.org');
      const b = await signIn('sessions@example.org');
      expect((await post('/api/account/logout', {}, { 'x-auth-token': a.token })).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/info', {}, { 'x-auth-token': a.token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect((await post('/api/account/info', {}, { 'x-auth-token': b.token })).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/logout-all', {}, { 'x-auth-token': b.token })).data.signedOut).toBe(1);
      expect((await post('/api/account/info', {}, { 'x-auth-token': b.token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);

      const c = await signIn('leaving@example.org');
      expect((await post('/api/account/delete', {}, { 'x-auth-token': c.token })).resultCode).toBe(ResultCode.SUCCESS);
      expect((await post('/api/account/info', {}, { 'x-auth-token': c.token })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect((await post('/api/credits/balance', {}, { 'x-auth-token': 'lc_forged' })).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
      expect((await post('/api/account/info', {})).resultCode).toBe(ResultCode.ACCOUNT_AUTHORIZED_EXPIRED);
    });
  });
}

describe('without SMTP_URL', () => {
  it('writes the sign-in mail to the outbox folder under the data folder', async () => {
    const store = await databaseTargets()[0]!.make();
    const server = await startTestServer(store, { workers: 0 });
    try {
      const res = await server.app.inject({ method: 'POST', url: '/api/account/email/code', payload: { email: 'self@host.example' } });
      expect(res.json().resultCode).toBe(ResultCode.SUCCESS);
      const outbox = path.join(store.dataDir, 'outbox');
      const [file] = await readdir(outbox);
      const mail = await readFile(path.join(outbox, file!), 'utf8');
      expect(mail).toMatch(/^To: self@host\.example$/m);
      const code = mail.match(/sign-in code is (\d{6})/)![1];
      const login = await server.app.inject({ method: 'POST', url: '/api/account/email/login', payload: { email: 'self@host.example', code } });
      expect(login.json().resultCode).toBe(ResultCode.SUCCESS);
    } finally {
      await server.close();
      await store.cleanup();
    }
    // Starting a server of its own takes over a minute on a loaded machine (75 s measured at load 40).
  }, 180_000);
});
