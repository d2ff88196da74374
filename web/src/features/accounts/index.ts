// The accounts feature's public surface: staff's ways to give a learner a password sign-in, as
// controls the cohort overlay (Add learner) and the learner overlay (New password link) place.
export { AddLearnerButton } from './components/add-learner-dialog.tsx';
export { PasswordLinkButton } from './components/password-link-button.tsx';
