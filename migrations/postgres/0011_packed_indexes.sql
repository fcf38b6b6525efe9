-- Version 11: indexes whose entries come after those already there are
-- filled to the brim.
--
-- A B-tree leaves a tenth of each page free (its default fillfactor of 90)
-- where it is built in one go (an initial load builds the indexes it set
-- aside) and where its last page splits, so that later entries between
-- existing ones find room. These indexes take their new entries at the
-- end of a key's range (the newest time within a type, a source, a
-- subscription, a client, a transport; the latest lease): a full page
-- there never takes another entry except one put back in the queue, so
-- the free tenth would stay empty for good. The index of deliveries by
-- time is among them: its pages do take a transition's new version of a
-- row, but half a page's rows come at once and split it whatever room it
-- had.
--
-- Left at 90: the keys (hashes, entered anywhere), deliveries by event
-- (the same), events by subject (a subject's next event lands beside its
-- last, in the middle of the index).
--
-- Existing indexes are not rebuilt: their pages fill to the brim as they
-- split from now on (`REINDEX INDEX CONCURRENTLY` repacks one now).

ALTER INDEX events_by_time          SET (fillfactor = 100);
ALTER INDEX events_by_type          SET (fillfactor = 100);
ALTER INDEX events_by_source        SET (fillfactor = 100);
ALTER INDEX deliveries_by_time      SET (fillfactor = 100);
ALTER INDEX deliveries_queued       SET (fillfactor = 100);
ALTER INDEX deliveries_by_sub       SET (fillfactor = 100);
ALTER INDEX deliveries_by_client    SET (fillfactor = 100);
ALTER INDEX deliveries_by_transport SET (fillfactor = 100);
ALTER INDEX deliveries_by_lease     SET (fillfactor = 100);
