/**
 * The standard normal quantiles Parley's intervals use. Two-sided 95% (z = 1.959963984540054) is the
 * only confidence level shown; 80% power (z = 0.8416212335729143) is the only power the sample-size
 * hint assumes.
 */
export const Z_95 = 1.959963984540054;
export const Z_POWER_80 = 0.8416212335729143;
