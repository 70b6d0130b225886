// Where a tail reads from: the two log calls of the API client, bound to one app
// and workspace and sent at `background` priority (below the user's actions and
// visible views in the shared request budget). Tests may pass any LogSource.

import type { ApiClient, LogFollow } from '../api';

export interface LogSource {
  /** GET /apps/:id/logs?lines=N: the last `lines` lines. */
  window(lines: number, signal: AbortSignal): Promise<string[]>;
  /** GET …/logs?follow=1: a stream, or `streaming: false` with one window when the server has none. */
  follow(lines: number, idleMs: number, signal: AbortSignal): Promise<LogFollow>;
}

export function apiLogSource(client: Pick<ApiClient, 'logs'>, appId: string, workspace?: string): LogSource {
  return {
    async window(lines, signal) {
      return (await client.logs.get(appId, { lines }, { workspace, priority: 'background', signal })).lines;
    },
    follow(lines, idleMs, signal) {
      return client.logs.follow(appId, { lines, idleMs }, { workspace, priority: 'background', signal });
    },
  };
}
