// The seeded accounts. Both seeds ('demo' and 'empty') create them.

export const DEMO_USER = { email: 'demo@apphost.dev', password: 'demo-password' } as const;
/** Admin account: its login also needs `otp_code`. */
export const ADMIN_USER = { email: 'admin@apphost.dev', password: 'admin-password', otp: '246810' } as const;

/** Other people, so teams have members and isolation can be tested. All share one password. */
export const OTHER_USERS = [
  { email: 'sam@apphost.dev', name: 'Sam Rivera' },
  { email: 'kim@apphost.dev', name: 'Kim Park' },
  { email: 'lee@apphost.dev', name: 'Lee Okafor' },
  { email: 'outsider@apphost.dev', name: 'Olive Outsider' },
] as const;
export const OTHER_USERS_PASSWORD = 'other-password';
