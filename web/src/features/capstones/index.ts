// The capstones feature's public surface: the proposal review list a capstone cohort's board
// shows, and its MVP counter.
export { mvpCounter } from './model/proposals.ts';
export { ProposalList } from './proposal-list.tsx';
