-- The collections summed per Colombia day and group for 'Recaudos' (issue 20's budget), kept by statement triggers.
CREATE TABLE "collection_day_sums" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"route_id" integer NOT NULL,
	"courier_id" text NOT NULL,
	"carrier" text NOT NULL,
	"means" text NOT NULL,
	"remitted" boolean NOT NULL,
	"count" integer NOT NULL,
	"amount_cop" bigint NOT NULL,
	"to_pay_cop" bigint NOT NULL,
	CONSTRAINT "collection_day_sums_pk" PRIMARY KEY("day","source","route_id","courier_id","carrier","means","remitted")
);
--> statement-breakpoint
CREATE INDEX "collection_day_sums_route_idx" ON "collection_day_sums" USING btree ("route_id") WHERE source = 'route';--> statement-breakpoint
CREATE INDEX "collection_day_sums_unremitted_idx" ON "collection_day_sums" USING btree ("carrier","day") WHERE source = 'carrier' and not remitted;--> statement-breakpoint
-- 'Recaudos' reads the collections summed per Colombia day (UTC−5 all year, as rangeInstants reads a range) and
-- group, a few rows a day instead of every collection. Statement triggers keep the sums in the transaction of every
-- write to collections, whoever makes it (a delivery, a carrier's 'Entregado', a correction, a remittance, a restore,
-- plain SQL): the statement's new rows are added and its old rows taken away, grouped, in key order (so two writers
-- lock the sums they share in the same order); a group left with no collection (all three sums 0) is removed.
CREATE FUNCTION "collection_day_sums_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO collection_day_sums AS s
      (day, source, route_id, courier_id, carrier, means, remitted, count, amount_cop, to_pay_cop)
    SELECT ((collected_at AT TIME ZONE 'UTC') - interval '5 hours')::date, source, coalesce(route_id, 0),
      coalesce(courier_id, ''), carrier, means, remitted_at IS NOT NULL,
      sum(sign), sum(sign * amount_cop), sum(sign * to_pay_cop)
    FROM (%s) AS changed
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(sign) <> 0 OR sum(sign * amount_cop) <> 0 OR sum(sign * to_pay_cop) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT collection_day_sums_pk DO UPDATE SET count = s.count + excluded.count,
      amount_cop = s.amount_cop + excluded.amount_cop, to_pay_cop = s.to_pay_cop + excluded.to_pay_cop
  $sql$, changed);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM collection_day_sums
    WHERE count = 0 AND amount_cop = 0 AND to_pay_cop = 0
      AND day IN (SELECT ((collected_at AT TIME ZONE 'UTC') - interval '5 hours')::date FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "collection_day_sums"
  SELECT ((collected_at AT TIME ZONE 'UTC') - interval '5 hours')::date, source, coalesce(route_id, 0),
    coalesce(courier_id, ''), carrier, means, remitted_at IS NOT NULL, count(*), sum(amount_cop), sum(to_pay_cop)
  FROM "collections"
  GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
CREATE TRIGGER "collections_day_sums_insert" AFTER INSERT ON "collections" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "collection_day_sums_apply"();--> statement-breakpoint
CREATE TRIGGER "collections_day_sums_update" AFTER UPDATE ON "collections"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "collection_day_sums_apply"();--> statement-breakpoint
CREATE TRIGGER "collections_day_sums_delete" AFTER DELETE ON "collections" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "collection_day_sums_apply"();
