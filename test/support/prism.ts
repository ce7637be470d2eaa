// Prism for the tests: the contract kit's own starter, so the two never drift apart.
export { startPrism as startPrismMock, type RunningPrism } from '../../contracts/prism.ts';
