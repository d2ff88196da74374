// The teams feature's public surface. Other features use nothing of it yet; its screens are in
// screens.ts.
export {};
