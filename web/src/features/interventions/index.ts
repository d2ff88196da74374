// The interventions feature's public surface: the "I reached out" dialog the health page opens.
export { ReachOutDialog } from './components/reach-out-dialog.tsx';
