// A loopback port nobody listens on right now (the contract kit's own helper).
export { freePort } from '../../contracts/prism.ts';
