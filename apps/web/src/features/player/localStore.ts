// The player's answers kept in the browser until the server acknowledges them (and the seq counters after):
// a tiny wrapper of the raw IndexedDB API, one object store keyed [attemptId, questionId]. Where IndexedDB is
// missing or refuses (private windows of some browsers), answers live in memory for the page's life.
import { type AttemptState, AttemptStatus } from '@assess/contracts/learner';
import type { LocalRecord } from './answers';

export interface AnswerStore {
  list(attemptId: number): Promise<LocalRecord[]>;
  put(attemptId: number, record: LocalRecord): Promise<void>;
}

type Row = LocalRecord & { attemptId: number; questionId: number };

const DB_NAME = 'assess-player';
const STORE = 'answers';

export function memoryStore(): AnswerStore {
  const rows = new Map<string, LocalRecord>();
  return {
    async list(attemptId) {
      return [...rows.entries()].filter(([k]) => k.startsWith(`${attemptId}:`)).map(([, v]) => v);
    },
    async put(attemptId, record) {
      rows.set(`${attemptId}:${record.answer.questionId}`, record);
    },
  };
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(STORE, { keyPath: ['attemptId', 'questionId'] });
  };
  return done(req);
}

function idbStore(db: Promise<IDBDatabase>): AnswerStore {
  const tx = async (mode: IDBTransactionMode) => (await db).transaction(STORE, mode).objectStore(STORE);
  return {
    async list(attemptId) {
      const range = IDBKeyRange.bound([attemptId, 0], [attemptId, Number.MAX_SAFE_INTEGER]);
      const rows = (await done((await tx('readonly')).getAll(range))) as Row[];
      return rows.map(({ answer, acked }) => ({ answer, acked }));
    },
    async put(attemptId, { answer, acked }) {
      const row: Row = { attemptId, questionId: answer.questionId, answer, acked };
      await done((await tx('readwrite')).put(row));
    },
  };
}

let shared: AnswerStore | null = null;

/** The browser's store (IndexedDB), or memory when IndexedDB is not usable. */
export function browserStore(): AnswerStore {
  if (shared) return shared;
  if (typeof indexedDB === 'undefined') {
    shared = memoryStore();
    return shared;
  }
  const db = openDb();
  const idb = idbStore(db);
  const fallback = memoryStore();
  let usable = true;
  db.catch(() => {
    usable = false;
  });
  const guard =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>, g: (...a: A) => Promise<R>) =>
    async (...a: A) => {
      if (!usable) return g(...a);
      try {
        return await f(...a);
      } catch {
        usable = false;
        return g(...a);
      }
    };
  shared = { list: guard(idb.list, fallback.list), put: guard(idb.put, fallback.put) };
  return shared;
}

// The attempt itself (its questions, deadline and the clock offset measured when it was read), kept so that a
// reload without a network still shows it (issue 27). Its own database: the answers' database keeps its version,
// so a tab of an older build holding it open never blocks this one. Only open attempts are kept; a closed one
// and every one at sign-out are forgotten.
const ATTEMPTS_DB = 'assess-player-attempts';
const ATTEMPTS = 'attempts';

export type KeptAttempt = { state: AttemptState; offsetMs: number };

let attemptsDb: Promise<IDBDatabase> | null = null;

function openAttempts(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('no IndexedDB'));
  attemptsDb ??= (() => {
    const req = indexedDB.open(ATTEMPTS_DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(ATTEMPTS, { keyPath: 'state.attemptId' });
    };
    return done(req);
  })();
  attemptsDb.catch(() => {
    attemptsDb = null;
  });
  return attemptsDb;
}

const attempts = async (mode: IDBTransactionMode) =>
  (await openAttempts()).transaction(ATTEMPTS, mode).objectStore(ATTEMPTS);

/** Keeps an open attempt as read from the server; forgets a closed one. Never throws. */
export async function keepAttempt(kept: KeptAttempt): Promise<void> {
  if (kept.state.status !== AttemptStatus.Open) return forgetKeptAttempt(kept.state.attemptId);
  try {
    await done((await attempts('readwrite')).put(kept));
  } catch {
    // storage refused: no offline copy, nothing else
  }
}

/** The attempt kept on this device, or null. */
export async function keptAttempt(attemptId: number): Promise<KeptAttempt | null> {
  try {
    return ((await done((await attempts('readonly')).get(attemptId))) as KeptAttempt | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Forgets one kept attempt (submitted here: a reload without a network must not show it open). */
export async function forgetKeptAttempt(attemptId: number): Promise<void> {
  try {
    await done((await attempts('readwrite')).delete(attemptId));
  } catch {
    // nothing kept or storage refused
  }
}

/** Forgets every kept attempt (sign-out: the next person on this browser reads none of them). */
export async function forgetKeptAttempts(): Promise<void> {
  try {
    await done((await attempts('readwrite')).clear());
  } catch {
    // nothing kept or storage refused
  }
}
