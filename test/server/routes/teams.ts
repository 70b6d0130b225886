// /teams and their members. A team is also a workspace, selected by its `slug`.
// Only team admins add or remove members; the owner cannot be removed.

import type { Context, RouteTable } from '../http/context';
import { conflict, created, forbidden, message, notFound, platformError } from '../http/reply';
import { record } from '../operations';
import { addTeam } from '../seed';
import { newId, nowIso } from '../store';
import { MEMBER_ROLES, type MemberRole, type Workspace } from '../types';
import { Errors, slugify, str } from '../validate';
import { memberView, teamView } from '../views';

/** A team the caller belongs to, by id or slug; others are 404 (their existence is not revealed). */
function teamParam(ctx: Context): Workspace {
  const ref = ctx.params.id;
  const team = ctx.state.store.teamsOf(ctx.user.id).find((t) => t.id === ref || t.slug === ref);
  if (!team) throw notFound();
  return team;
}

function requireTeamAdmin(ctx: Context, team: Workspace): void {
  if (ctx.state.store.membership(team.id, ctx.user.id)?.role !== 'admin') throw forbidden();
}

function createTeam(ctx: Context) {
  const name = str(ctx.body, 'name');
  const errors = new Errors();
  if (!name) errors.add("Name can't be blank");
  else if (name.length > 60) errors.add('Name is too long (maximum is 60 characters)');
  errors.check();
  const { store } = ctx.state;
  const base = slugify(name!);
  let slug = base;
  for (let i = 2; store.workspaceBySlug(slug); i++) slug = `${base}-${i}`;
  const team = addTeam(store, name!, slug, ctx.user, nowIso());
  record(ctx.state, team, ctx.user.id, 'team.create', 'Team', team.name, `Team ${team.name} created`);
  return created(teamView(team));
}

function listMembers(ctx: Context) {
  const team = teamParam(ctx);
  const { store } = ctx.state;
  return store.membersOf(team.id).flatMap((m) => {
    const user = store.users.get(m.userId);
    return user ? [memberView(m, user)] : [];
  });
}

function addMember(ctx: Context) {
  const team = teamParam(ctx);
  requireTeamAdmin(ctx, team);
  const email = str(ctx.body, 'email');
  const role = (str(ctx.body, 'role') || 'member') as MemberRole;
  const errors = new Errors();
  if (!email) errors.add("Email can't be blank");
  if (!MEMBER_ROLES.includes(role)) errors.add(`Role must be one of ${MEMBER_ROLES.join(', ')}`);
  errors.check();
  const { store } = ctx.state;
  const user = store.userByEmail(email!);
  if (!user) throw notFound('User not found');
  if (store.membership(team.id, user.id)) throw conflict('User is already a member of this team');
  const membership = { id: newId(), workspaceId: team.id, userId: user.id, role, createdAt: nowIso() };
  store.memberships.set(membership.id, membership);
  record(ctx.state, team, ctx.user.id, 'member.add', 'Team', team.name, `${user.email} added to ${team.name} as ${role}`);
  return created(memberView(membership, user));
}

function removeMember(ctx: Context) {
  const team = teamParam(ctx);
  const { store } = ctx.state;
  const membership = store.memberships.get(ctx.params.mid);
  if (!membership || membership.workspaceId !== team.id) throw notFound();
  // Members may leave on their own; removing others needs the admin role.
  if (membership.userId !== ctx.user.id) requireTeamAdmin(ctx, team);
  if (membership.userId === team.ownerId) throw platformError('The team owner cannot be removed');
  store.memberships.delete(membership.id);
  const email = store.users.get(membership.userId)?.email ?? 'unknown';
  record(ctx.state, team, ctx.user.id, 'member.remove', 'Team', team.name, `${email} removed from ${team.name}`);
  return message('Member removed');
}

export function teamRoutes(r: RouteTable): void {
  r.get('/teams', (ctx) => ctx.state.store.teamsOf(ctx.user.id).map(teamView));
  r.post('/teams', createTeam);
  r.get('/teams/:id/members', listMembers);
  r.post('/teams/:id/members', addMember);
  r.del('/teams/:id/members/:mid', removeMember);
}
