/** Size the layout assumes for a node card (the card is 240 px wide; its height varies a little). */
export const NODE_W = 240;
export const NODE_H = 120;
