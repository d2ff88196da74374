// The auth feature's public surface: signing out, and which sign-in methods this server has. Its
// screens (/login, /auth/github, /set-password, /join) are in screens.ts.
export { useSignInOptions } from './api/get-sign-in-options.ts';
export { useLogOut } from './api/log-out.ts';
