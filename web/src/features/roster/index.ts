// The roster feature's public surface: a cohort's data out (progress CSV) and learners in (a CSV
// roster), as controls the cohort overlay places.
export { ExportCsvButton } from './components/export-csv-button.tsx';
export { RosterImportButton } from './components/roster-import-dialog.tsx';
