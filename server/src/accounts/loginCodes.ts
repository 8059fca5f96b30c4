import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '../../../engine/spec/errors';
import {
  LOGIN_CODE_DIGITS, LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_RESEND_SECONDS, LOGIN_CODE_TTL_MINUTES,
  LOGIN_CODES_PER_ADDRESS_PER_HOUR, LOGIN_CODES_PER_REQUESTER_PER_HOUR,
  LOGIN_FAILURES_PER_ADDRESS_PER_HOUR, LOGIN_FAILURES_PER_REQUESTER_PER_HOUR,
} from '../../../engine/spec/accountLimits';
import type { Database } from '../db/database';
import { ApiError } from '../envelope';
import type { LoginMailer } from './mailer';

const codeHash = (email: string, code: string): string => createHash('sha256').update(`${email}\n${code}`).digest('hex');
const tooMany = (code: number, message: string): ApiError => new ApiError(code, message, 429);

/**
 * One-time sign-in codes by email: send (rate limited per address and per requester) and check
 * (-1017 expired or used up, -1018 wrong; wrong tries limited per code, per address, per requester).
 * `requester` is a hash of the client's network address.
 */
export class LoginCodes {
  constructor(
    private readonly db: Database,
    private readonly mailer: LoginMailer,
  ) {}

  async send(email: string, requester: string): Promise<void> {
    const { rows } = await this.db.query<{ per_address: string; per_requester: string; recent: string }>(
      `select
         (select count(*) from login_codes where email = $1 and created_at > now() - interval '1 hour') as per_address,
         (select count(*) from login_codes where requester = $2 and created_at > now() - interval '1 hour') as per_requester,
         (select count(*) from login_codes where email = $1 and created_at > now() - make_interval(secs => $3)) as recent`,
      [email, requester, LOGIN_CODE_RESEND_SECONDS],
    );
    const counts = rows[0]!;
    if (Number(counts.recent) > 0) throw tooMany(ResultCode.PARAMS_INVALID, `a code was just sent; wait ${LOGIN_CODE_RESEND_SECONDS} seconds`);
    if (Number(counts.per_address) >= LOGIN_CODES_PER_ADDRESS_PER_HOUR || Number(counts.per_requester) >= LOGIN_CODES_PER_REQUESTER_PER_HOUR) {
      throw tooMany(ResultCode.PARAMS_INVALID, 'too many codes asked for; try again in an hour');
    }
    const code = String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');
    // A new code replaces the older ones of the address.
    await this.db.query('update login_codes set used_at = now() where email = $1 and used_at is null', [email]);
    await this.db.query(
      `insert into login_codes (email, code_hash, requester, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
      [email, codeHash(email, code), requester, LOGIN_CODE_TTL_MINUTES],
    );
    await this.mailer.sendLoginCode(email, code, LOGIN_CODE_TTL_MINUTES);
  }

  /** Consumes the address's current code when `code` matches it; throws -1017/-1018 otherwise. */
  async verify(email: string, code: string, requester: string): Promise<void> {
    const { rows: failures } = await this.db.query<{ per_address: string; per_requester: string }>(
      `select
         (select count(*) from login_failures where email = $1 and created_at > now() - interval '1 hour') as per_address,
         (select count(*) from login_failures where requester = $2 and created_at > now() - interval '1 hour') as per_requester`,
      [email, requester],
    );
    if (Number(failures[0]!.per_address) >= LOGIN_FAILURES_PER_ADDRESS_PER_HOUR || Number(failures[0]!.per_requester) >= LOGIN_FAILURES_PER_REQUESTER_PER_HOUR) {
      throw tooMany(ResultCode.VERIFY_CODE_WRONG, 'too many wrong codes; try again in an hour');
    }
    const { rows } = await this.db.query<{ id: string; code_hash: string; attempts: number; expired: boolean; used: boolean }>(
      `select id, code_hash, attempts, expires_at <= now() as expired, used_at is not null as used
       from login_codes where email = $1 order by created_at desc, id desc limit 1`,
      [email],
    );
    const current = rows[0];
    if (!current) throw await this.wrong(email, requester, 'no code was sent to this address');
    if (current.used) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'this code was already used or replaced; ask for a new one');
    if (current.expired) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'the code has expired; ask for a new one');
    if (current.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'too many wrong tries; ask for a new code');
    const given = Buffer.from(codeHash(email, String(code).trim()), 'hex');
    if (!/^\d+$/.test(String(code).trim()) || !timingSafeEqual(given, Buffer.from(current.code_hash, 'hex'))) {
      await this.db.query('update login_codes set attempts = attempts + 1 where id = $1', [current.id]);
      throw await this.wrong(email, requester, 'the code is wrong');
    }
    // Conditional update: two requests with the same right code sign in once.
    const { rows: used } = await this.db.query(
      `update login_codes set used_at = now() where id = $1 and used_at is null and attempts < $2 returning id`,
      [current.id, LOGIN_CODE_MAX_ATTEMPTS],
    );
    if (used.length === 0) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'this code was already used; ask for a new one');
  }

  private async wrong(email: string, requester: string, message: string): Promise<ApiError> {
    await this.db.query('insert into login_failures (email, requester) values ($1, $2)', [email, requester]);
    return new ApiError(ResultCode.VERIFY_CODE_WRONG, message);
  }
}
