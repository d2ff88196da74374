// The roster feature's public surface: a cohort's data out (progress CSV) and learners in (a CSV
// roster), as controls the cohort overlay places.

// The preview, its words and the undo, for rosters from elsewhere (an LMS course, features/lti).
export { refusedRows, showApplied } from './api/roster-api.ts';
export { ExportCsvButton } from './components/export-csv-button.tsx';
export { RosterImportButton } from './components/roster-import-dialog.tsx';
export { RosterPreview } from './components/roster-preview.tsx';
export { previewSummary } from './model/summary.ts';
