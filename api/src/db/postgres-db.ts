import { Client, Pool, type PoolClient } from 'pg';
import type { Db, Queryable } from './db';

/** The PostgreSQL `application_name` of every API connection. */
export const API_APPLICATION_NAME = 'carebook-api';

function wrap(client: Pool | PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * PostgreSQL through a `pg` pool. LISTEN needs its own long-lived connection (a pooled one would
 * be handed to other queries); it reconnects after a drop and then reports a change, since
 * notifications sent while it was away are lost.
 */
export function openPostgresDb(
  connectionString: string,
  options: { max?: number; onError?: (e: unknown) => void; applicationName?: string } = {},
): Db {
  // The name lets a restore see API processes still connected (pg_stat_activity.application_name);
  // an application_name in DATABASE_URL wins over it.
  const applicationName = options.applicationName ?? API_APPLICATION_NAME;
  const pool = new Pool({ connectionString, max: options.max ?? 10, application_name: applicationName });
  const onError = options.onError ?? (() => {});
  pool.on('error', onError);
  const base = wrap(pool);
  const listeners: Array<() => Promise<void>> = [];

  return {
    driver: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      let closed = false;
      let client: Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (): Promise<void> => {
        const next = new Client({ connectionString, application_name: applicationName });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        next.on('error', (error) => {
          onError(error);
          next.end().catch(() => {});
          if (!closed && client === next) {
            client = null;
            retry = setTimeout(() => void reconnect(), 500);
          }
        });
        await next.connect();
        await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        client = next;
      };
      const reconnect = async (): Promise<void> => {
        if (closed) return;
        try {
          await connect();
          onNotify();
        } catch (error) {
          onError(error);
          retry = setTimeout(() => void reconnect(), 1000);
        }
      };
      await connect();
      const stop = async (): Promise<void> => {
        closed = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => {});
      };
      listeners.push(stop);
      return stop;
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}
