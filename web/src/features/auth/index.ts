// The auth feature's public surface: signing out. Its screens (/login, /auth/github) are in
// screens.ts.
export { useLogOut } from './api/log-out.ts';
