import { z } from 'zod';

const ZEmail = z.email().max(254);

/** One spelling per mailbox, so "Ann@Example.com " and "ann@example.com" are the same identity. */
export const normalizeEmail = (raw: string): string => raw.trim().toLowerCase();

export const isValidEmail = (normalized: string): boolean => ZEmail.safeParse(normalized).success;
