// Seeding: the accounts and their workspaces exist in every seed; 'demo' adds
// everything else (seedDemo.ts).

import { ADMIN_USER, DEMO_USER, OTHER_USERS, OTHER_USERS_PASSWORD } from './accounts';
import { seedDemo } from './seedDemo';
import type { ServiceState } from './state';
import { hashPassword, localIso, newId, type Store } from './store';
import type { MemberRole, Plan, User, UserRole, Workspace } from './types';

// wokku counts the apps of every team the user is in against their plan: room for the demo's 18 and tests' own.
export const PERSONAL_PLAN: Plan = { name: 'pro', maxApps: 50, maxBackups: 10 };
export const TEAM_PLAN: Plan = { name: 'business', maxApps: 50, maxBackups: 20 };

export const daysAgo = (days: number, minutes = 0): string => localIso(Date.now() - days * 86_400_000 - minutes * 60_000);

function addUser(store: Store, email: string, name: string, password: string, role: UserRole, otp: string | null): User {
  const user: User = { id: newId(), email, name, passwordHash: hashPassword(email, password), role, otp, createdAt: daysAgo(400) };
  store.users.set(user.id, user);
  // Like wokku's sign-up: the user's first team, which plays the personal workspace.
  const personal: Workspace = {
    id: newId(), kind: 'personal', slug: null, name: `${name}'s Team`, ownerId: user.id, plan: { ...PERSONAL_PLAN }, createdAt: user.createdAt,
  };
  store.workspaces.set(personal.id, personal);
  addMember(store, personal, user, 'admin', user.createdAt);
  return user;
}

export function addTeam(store: Store, name: string, slug: string, owner: User, createdAt: string): Workspace {
  const team: Workspace = { id: newId(), kind: 'team', slug, name, ownerId: owner.id, plan: { ...TEAM_PLAN }, createdAt };
  store.workspaces.set(team.id, team);
  addMember(store, team, owner, 'admin', createdAt);
  return team;
}

export function addMember(store: Store, team: Workspace, user: User, role: MemberRole, createdAt: string): void {
  const id = newId();
  store.memberships.set(id, { id, workspaceId: team.id, userId: user.id, role, createdAt });
}

export interface SeededAccounts {
  demo: User;
  admin: User;
  others: User[];
}

export function seedAccounts(store: Store): SeededAccounts {
  const demo = addUser(store, DEMO_USER.email, 'Dana Demo', DEMO_USER.password, 'member', null);
  const admin = addUser(store, ADMIN_USER.email, 'Ada Admin', ADMIN_USER.password, 'admin', ADMIN_USER.otp);
  const others = OTHER_USERS.map((u) => addUser(store, u.email, u.name, OTHER_USERS_PASSWORD, 'member', null));
  return { demo, admin, others };
}

export function seed(state: ServiceState, kind: 'demo' | 'empty'): void {
  const accounts = seedAccounts(state.store);
  if (kind === 'demo') seedDemo(state, accounts);
}
