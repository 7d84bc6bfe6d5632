import os from 'node:os';

/** The machine's 1-minute load beside its cores: the benches run on a shared machine, so print it with their figures. */
export const machineLoad = (): string => `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`;
