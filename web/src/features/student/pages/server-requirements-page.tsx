export { ServerRequirementsPage as default } from './requirements-page.tsx';
