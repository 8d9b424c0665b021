"""The SQL both stores share (fate/server/sqlite_store.py and pg_store.py, "?" placeholders;
PostgreSQL's adapter writes "%s"): the players, their standings, pruning, and the guards on a
move. The tables are fate/server/storage.py's."""

from __future__ import annotations

from fate.server.storage import SEAT_COLS

# The players' SQL, the same in both stores ("?" placeholders; PostgreSQL's adapter writes "%s").
PLAYER_OF_KEY = ("SELECT p.id, p.name, (SELECT COUNT(*) FROM player_keys k2 WHERE k2.player=p.id) "
                 "FROM player_keys k JOIN players p ON p.id=k.player WHERE k.key=?")
PLAYER_BY_ID = "SELECT p.id, p.name, (SELECT COUNT(*) FROM player_keys k WHERE k.player=p.id) FROM players p WHERE p.id=?"
FOLD_TAKEN = "SELECT 1 FROM players WHERE fold=? AND id<>?"
RENAME = "UPDATE players SET name=?, fold=? WHERE id=?"
NEW_PLAYER = "INSERT INTO players (id, name, fold, created) VALUES (?, '', '', ?)"
NEW_KEY = "INSERT INTO player_keys (key, player, added) VALUES (?,?,?)"
# a player's pairing codes: expired ones and the player's earlier one go when a new one is made
DROP_CODES = "DELETE FROM pair_codes WHERE expires<=? OR player=?"
NEW_CODE = "INSERT INTO pair_codes (code_hash, player, expires) VALUES (?,?,?)"
TAKE_CODE = "DELETE FROM pair_codes WHERE code_hash=? AND expires>? RETURNING player"
# the standings (fate/server/ratings.py): a game's result counted once, by whichever process ends it first
NEW_STANDING = "INSERT INTO standings (game, rated, done) VALUES (?,?,0)"
SETTLE = "UPDATE standings SET done=1 WHERE game=? AND done=0"
UNSETTLED = ("SELECT s.game FROM standings s JOIN games g ON g.id=s.game WHERE s.done=0 AND g.waiting='none' "
             "LIMIT 100")
IS_RATED = "SELECT rated FROM standings WHERE game=?"
STATS_OF = "SELECT player, mu, sigma FROM player_stats WHERE player=?"
NEW_STATS = "INSERT INTO player_stats (player, mu, sigma, games, wins, rated, ordinal) VALUES (?,?,?,0,0,0,?)"
COUNT_GAME = "UPDATE player_stats SET games=games+1, wins=wins+? WHERE player=?"
RATE = "UPDATE player_stats SET mu=?, sigma=?, ordinal=?, rated=rated+1 WHERE player=?"
GOD_PLAYED = "UPDATE player_gods SET games=games+1 WHERE player=? AND god=?"
NEW_GOD = "INSERT INTO player_gods (player, god, games) VALUES (?,?,1)"
LEADERBOARD = ("SELECT s.player, p.name, s.mu, s.sigma, s.games, s.wins, s.rated FROM player_stats s "
               "JOIN players p ON p.id=s.player WHERE s.rated>0 ORDER BY s.ordinal DESC, s.player LIMIT ?")
CARD = ("SELECT s.player, p.name, s.mu, s.sigma, s.games, s.wins, s.rated FROM player_stats s "
        "JOIN players p ON p.id=s.player WHERE s.player=?")
FAVOURITE = "SELECT god FROM player_gods WHERE player=? ORDER BY games DESC, god LIMIT 1"
PLACE = "SELECT COUNT(*) FROM player_stats WHERE rated>0 AND ordinal>?"
# finished games kept their time, and counted for their players: gone whole (fate/server/pruning.py)
PRUNABLE = ("SELECT g.id FROM games g WHERE g.waiting='none' AND g.updated<? AND NOT EXISTS "
            "(SELECT 1 FROM standings s WHERE s.game=g.id AND s.done=0) ORDER BY g.updated LIMIT ?")
PRUNE = tuple(f"DELETE FROM {t} WHERE game=?" for t in ("moves", "chat", "votes", "tables", "seats", "standings")) \
    + ("DELETE FROM games WHERE id=?",)
# a key joins another player: the key alone moves (the player it leaves keeps their seats and standing,
# so a code typed on a stranger's word never hands them one's games, nor a second identity its rating)
MOVE_KEY = "UPDATE player_keys SET player=?, added=? WHERE key=?"
PLAYER_EXISTS = "SELECT 1 FROM players WHERE id=?"
# the seats a player still plays (a seat resigned or handed to an AI keeps its player, for the record)
SEATS_OF_PLAYER = f"SELECT {SEAT_COLS} FROM seats WHERE player=? AND token_hash IS NOT NULL ORDER BY game, seat"
TIE_SEATS = "UPDATE seats SET player=? WHERE token_hash=? AND player IS NULL"
# a guard on a move: its seat still played by the token it was made by, no AI standing in for it, or
# (token "") still by an AI
HOLDS = ("SELECT 1 FROM seats WHERE game=? AND seat=? AND ((token_hash=? AND stand_in=0) "
         "OR (?='' AND (kind='ai' OR stand_in<>0)))")
# an AI's move for a seat whose player came back while it decided: the seat theirs again (fate/server/clocks.py)
RETURNED = "UPDATE seats SET stand_in=0 WHERE game=? AND seat=? AND stand_in=2"
