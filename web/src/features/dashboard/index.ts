// The dashboard feature's public surface. Other features use nothing of it; the board screen
// ('/') is in screens.ts.
export {};
