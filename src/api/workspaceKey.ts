// How a workspace is named in calls. A team workspace with a slug is named by it and
// the slug goes out as `X-Service-Workspace` (services that implement workspaces). A
// team without a slug (wokku: its teams have none, and it ignores the header) is named
// `team:<id>`: it scopes lists on our side, and is never sent as a header.

const TEAM_PREFIX = 'team:';

export function teamWorkspace(teamId: string): string {
  return `${TEAM_PREFIX}${teamId}`;
}

/** The team id of a `team:<id>` workspace name. */
export function teamOfWorkspace(workspace: string | undefined): string | undefined {
  return workspace?.startsWith(TEAM_PREFIX) ? workspace.slice(TEAM_PREFIX.length) : undefined;
}

/** The header value for a workspace name: its slug, or nothing (personal, or a team without a slug). */
export function workspaceHeader(workspace: string | undefined): string | undefined {
  return workspace && !workspace.startsWith(TEAM_PREFIX) ? workspace : undefined;
}
