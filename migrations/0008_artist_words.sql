-- The artist's fields are named in the domain's words (height, awards, ...) instead of the original
-- API's (cm, winList, ...): the JSON the database keeps under field names follows. The columns keep
-- their names (drizzle/schema.ts maps them); only the API still speaks the old names.
CREATE FUNCTION we_artist_word(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT m.domain FROM (VALUES ('ename', 'nameEn'), ('cm', 'height'), ('insta', 'socialLink'), ('imgList', 'imageUrls'),
    ('schoolList', 'education'), ('winList', 'awards'), ('hobbyList', 'specialSkills'), ('movieList', 'films'),
    ('dramaList', 'dramas'), ('playList', 'theater'), ('cfList', 'commercials'), ('bookList', 'books')) AS m(seed, domain) WHERE m.seed = name), name)
$$;
--> statement-breakpoint
CREATE FUNCTION we_artist_keys(doc jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(we_artist_word(e.key), e.value), '{}'::jsonb) FROM jsonb_each(doc) AS e
$$;
--> statement-breakpoint
UPDATE artists SET en = we_artist_keys(en) WHERE jsonb_typeof(en) = 'object';
--> statement-breakpoint
UPDATE revisions SET snapshot = we_artist_keys(snapshot) WHERE entity = 'artist' AND jsonb_typeof(snapshot) = 'object';
--> statement-breakpoint
UPDATE revisions SET snapshot = jsonb_set(snapshot, '{en}', we_artist_keys(snapshot -> 'en'))
WHERE entity = 'artist' AND jsonb_typeof(snapshot -> 'en') = 'object';
--> statement-breakpoint
UPDATE revisions SET changed_fields = (
  SELECT coalesce(jsonb_agg(to_jsonb(we_artist_word(f.name)) ORDER BY f.position), '[]'::jsonb)
  FROM jsonb_array_elements_text(changed_fields) WITH ORDINALITY AS f(name, position)
) WHERE entity = 'artist' AND jsonb_typeof(changed_fields) = 'array';
--> statement-breakpoint
DROP FUNCTION we_artist_keys(jsonb);
--> statement-breakpoint
DROP FUNCTION we_artist_word(text);
