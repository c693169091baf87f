import { createContext, useContext } from 'react';

/**
 * The tab index of the controls inside a message of the list (reaction chips, a quote, links,
 * a photo, its toolbar): -1 while the message is not 'entered', so the list stays one Tab stop;
 * undefined (their own) once it is, and anywhere outside the list.
 */
export const ControlsTabIndex = createContext<-1 | undefined>(undefined);

export const useControlTabIndex = () => useContext(ControlsTabIndex);

/** The id of the element holding a message's own words (or photo): part of its name. */
export const messageBodyId = (messageId: string) => `message-body-${messageId}`;
