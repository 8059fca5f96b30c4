import { createHash, randomInt } from 'node:crypto';
import { ResultCode } from '../../../engine/spec/errors';
import {
  LOGIN_CODE_DIGITS,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_RESEND_SECONDS,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_CODES_PER_ADDRESS_PER_HOUR,
  LOGIN_CODES_PER_REQUESTER_PER_HOUR,
  LOGIN_FAILURES_PER_REQUESTER_PER_HOUR,
} from '../../../engine/spec/accountLimits';
import type { Database } from '../db/database';
import { ApiError } from '../envelope';
import type { LoginMailer } from './mailer';

const codeHash = (email: string, code: string): string => createHash('sha256').update(`${email}\n${code}`).digest('hex');
const tooMany = (code: number, message: string): ApiError => new ApiError(code, message, 429);

/**
 * One-time sign-in codes by email: send (rate limited per address and per requester) and check
 * (-1017 expired or used up, -1018 wrong; wrong tries limited per code and per requester).
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
    await this.db.query(`insert into login_codes (email, code_hash, requester, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`, [
      email,
      codeHash(email, code),
      requester,
      LOGIN_CODE_TTL_MINUTES,
    ]);
    await this.mailer.sendLoginCode(email, code, LOGIN_CODE_TTL_MINUTES);
  }

  /**
   * Consumes the address's current code when `code` matches it; throws -1017/-1018 otherwise.
   *
   * Wrong tries count against the outstanding code only (issue 30 item 3): after
   * LOGIN_CODE_MAX_ATTEMPTS it is spent and the owner asks for a new one, so strangers guessing
   * at an address can never lock its owner out, and with no code outstanding a guess costs the
   * address nothing. Each client (network address) still has its own hourly budget of guesses.
   * Both counts are taken in the same statement as their check (item 9): a burst of parallel
   * guesses on PostgreSQL gets exactly the allowed number evaluated.
   */
  async verify(email: string, code: string, requester: string): Promise<void> {
    const guesses = await this.countGuess(requester);
    if (guesses > LOGIN_FAILURES_PER_REQUESTER_PER_HOUR)
      throw tooMany(ResultCode.VERIFY_CODE_WRONG, 'too many wrong codes from this network; try again in an hour');
    const given = String(code).trim();
    const hash = codeHash(email, given);
    // One statement: the newest code, still usable, is either used up (right code) or charged
    // one try (wrong code); row locks make concurrent guesses queue up and re-check the conditions.
    const { rows } = await this.db.query<{ matched: boolean }>(
      `update login_codes l set
         attempts = l.attempts + case when l.code_hash = $2 then 0 else 1 end,
         used_at = case when l.code_hash = $2 then now() else null end
       where l.id = (select id from login_codes where email = $1 order by created_at desc, id desc limit 1)
         and l.used_at is null and l.expires_at > now() and l.attempts < $3
       returning l.code_hash = $2 as matched`,
      [email, /^\d+$/.test(given) ? hash : '-', LOGIN_CODE_MAX_ATTEMPTS],
    );
    if (rows[0]?.matched) {
      // A right code is not a wrong guess: give the client its try back.
      await this.db.query('update login_guesses set guesses = greatest(guesses - 1, 0) where requester = $1', [requester]);
      return;
    }
    if (rows[0]) throw new ApiError(ResultCode.VERIFY_CODE_WRONG, 'the code is wrong');
    // Nothing was charged: say why the newest code cannot be used.
    const { rows: latest } = await this.db.query<{ attempts: number; expired: boolean; used: boolean }>(
      `select attempts, expires_at <= now() as expired, used_at is not null as used
       from login_codes where email = $1 order by created_at desc, id desc limit 1`,
      [email],
    );
    const current = latest[0];
    if (!current) throw new ApiError(ResultCode.VERIFY_CODE_WRONG, 'no code was sent to this address; ask for one');
    if (current.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'too many wrong tries; ask for a new code');
    if (current.used) throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'this code was already used; ask for a new one');
    throw new ApiError(ResultCode.VERIFY_CODE_EXPIRED, 'the code has expired; ask for a new one');
  }

  /** Counts one guess of `requester` in this hour's window and returns the count, in one statement. */
  private async countGuess(requester: string): Promise<number> {
    const { rows } = await this.db.query<{ guesses: number }>(
      `insert into login_guesses as g (requester, window_start, guesses) values ($1, now(), 1)
       on conflict (requester) do update set
         guesses = case when g.window_start <= now() - interval '1 hour' then 1 else g.guesses + 1 end,
         window_start = case when g.window_start <= now() - interval '1 hour' then now() else g.window_start end
       returning guesses`,
      [requester],
    );
    return Number(rows[0]!.guesses);
  }
}
