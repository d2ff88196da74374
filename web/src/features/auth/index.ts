// The auth feature's public surface: signing out, and which sign-in methods this server has. Its
// screens (/login, /auth/github, /auth/oidc, /set-password, /join) are in screens.ts; the
// signed-in person's "Link your school account" action is SchoolLinkAction.
export { useSignInOptions } from './api/get-sign-in-options.ts';
export { useLogOut } from './api/log-out.ts';
export { SchoolLinkAction } from './school-link-action.tsx';
