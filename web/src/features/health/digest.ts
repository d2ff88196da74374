// The weekly digest's panel, for the cohort health page (and the feature's index.ts).
export { DigestPanel } from './digest-panel.tsx';
