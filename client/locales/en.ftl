# Chaupal's interface in English: the source of every other language's file.
#
# Each message has an id (left of "="), used by the client's code, and its text. Text in
# { $braces } is filled in by the client: keep those names as they are. Numbers choose among
# plural forms with [one] and *[other] (see docs/TRANSLATING.md). Moves in notation (a1-e5,
# house numbers) are never translated.

## The games and their sides

game-baghchal = Bagh Chal
game-kalah = Kalah
game-jungle = Jungle
game-sholo-guti = Sholo Guti

side-baghchal-first = Goats
side-baghchal-second = Tigers
side-kalah-first = South
side-kalah-second = North
side-jungle-first = South
side-jungle-second = North
side-sholo-guti-first = South
side-sholo-guti-second = North

## The connection, in the top bar and on the connection screen

connection-offline = Offline: games on this device
connection-connecting = Connecting to the server...
connection-reconnecting = Reconnecting to the server (try { $attempt })...
connection-online-as = Online as { $name }
connection-retrying = { $reason } Trying again in { $seconds } s.
connection-short-offline = Offline
connection-short-connecting = Connecting...
connection-short-connecting-bare = Connecting
connection-short-reconnecting = Reconnecting...
connection-short-reconnecting-bare = Reconnecting
connection-short-online = Online
connection-short-retrying = Not connected: trying again in { $seconds } s
connection-short-retrying-bare = Trying again in { $seconds } s
connection-short-not-connected = Not connected
connection-short-not-allowed = Address not allowed

## Names

name-empty = A name needs at least one letter.
name-too-long = A name has at most { $count } characters.
name-too-many-bytes = That name is too long to keep.
name-control = A name cannot hold control characters or line breaks.
name-bidi = A name cannot hold characters that change the direction of the text.
name-invisible = A name needs at least one letter or sign that can be seen.
name-hidden = A name cannot hold invisible characters, such as zero-width spaces.
name-mixed-scripts = A name cannot mix Latin letters with look-alike Cyrillic or Greek ones.
name-reserved = That name looks like a computer player's: choose another.
name-cut = A name has at most { $count } characters: the rest was left out.
name-changed = You are now called { $name }.
name-not-saved = Your name could not be saved: { $why }

## Offers from the opponent

offer-draw = Your opponent offers a draw.
offer-takeback = Your opponent asks to take back their last move.
offer-rematch = Your opponent offers a rematch.

## Engine help

help-no-game = There is no game on the screen.
help-not-while-watching = No engine help while people are playing: analyse the game once it is over.
help-not-against-person = No engine help against a person: hints are for games against the computer.
help-needs-server = Hints come from the server's engine: connect to a server to get one.

## The window's or the tab's title

title-your-move = Your move: { $game } - Chaupal
title-game = { $game } - Chaupal
title-replay = Replay: { $game } - Chaupal
title-rules = Rules of { $game } - Chaupal
title-plain = Chaupal

## What needs the server, when it is not there

needs-server = { $what } needs the server, and this client is not connected to one. Play on this computer meanwhile, or wait for the connection.
doing-cancel-seek = Cancelling a seek
doing-exhibition = Watching the computer play itself
doing-play-friend = Playing a friend
doing-join-friend = Joining a friend's game
doing-accept-seek = Accepting a seek
doing-watch = Watching a game
doing-replay-server = Replaying a game from the server
doing-play-computer = Playing the computer
doing-offer-anyone = Offering a game to anyone
doing-analysis = Analysis

## Notices about the game and the lobby

notice-type-code-first = Type the invite code your friend gave you first.
notice-draw-offered = Draw offered.
notice-game-goes-on = Your game goes on, and so does your clock: resume it from the lobby's live games.
notice-code-copied = The invite code is on the clipboard: { $code }
notice-link-copied = The invite link is on the clipboard: { $link }
notice-device-link-copied = The link is on the clipboard: open it on the other device within ten minutes.
notice-device-code-shape = A device code is eight letters and digits, as the other device shows it (XXXX-XXXX).
notice-looking-back-start = You are looking back at the start: no move can be made from here. Press End or "Latest move" to play on.
notice-looking-back = You are looking back at move { $ply }: no move can be made from here. Press End or "Latest move" to play on.
notice-link-offline = That link leads to a game on the server, and this client plays offline.
notice-rules-clash = Those rules do not work together: { $why }
notice-move-refused = That move cannot be played: { $why }
notice-takeback-asked = You asked to take back your last move: your opponent decides.
notice-no-takeback = There is no move to take back.
notice-takeback-failed = The takeback failed: { $why }
notice-rematch-offered = Rematch offered.
notice-no-replay = This game cannot be replayed: { $why }
notice-device-linked = This device now plays as { $name }, with their games and rating.
notice-shared-link-copied = The link is on the clipboard: { $link }
notice-not-sent = Not connected to the server right now: that has to wait until the connection is back.
notice-invite-ready = Your private game is ready. Give your friend the invite code { $code }: the game starts when they join.
notice-seek-open = Your seek is open: the game starts when someone accepts.
notice-no-suggestion = The engine has no move to suggest here.
notice-game-kept = { $reason } Your game is kept on the server: the client reconnects by itself and picks it up again.
notice-opponent-lost = Your opponent lost the connection.
notice-opponent-lost-claim = Your opponent lost the connection. If they stay away, you may claim the win in { $seconds } s.
notice-opponent-back = Your opponent is back.
notice-resync = Resynchronising the game ({ $why }).
# $many is "yes" when $who names many pieces (the Tigers, the Goats), so the verb agrees.
notice-draw-offered-by = { $many ->
    [yes] { $who } offer a draw.
   *[no] { $who } offers a draw.
}
notice-draw-declined = Your draw offer was declined.
notice-berserk-you = You went berserk: half your time and no increment, for a point more on a win of 7 moves or more.
notice-berserk-by = { $who } went berserk: half their time, no increment.
notice-takeback-declined = Your takeback request was declined.
notice-taken-back = { $count ->
    [one] One move was taken back.
   *[other] { $count } moves were taken back.
}
notice-rematch-declined = The rematch was declined.

## A link that leads nowhere, on its card

broken-invite = No game is waiting for the invite code { $code }: it may have been used already or cancelled. Ask your friend for a new link.
broken-invite-shape = { $code } is not an invite code: an invite code is eight letters and digits (XXXX-XXXX), as your friend's link has it.
broken-game = Game { $id } cannot be opened. ({ $said })
broken-replay = Game { $id } cannot be replayed. ({ $said })
broken-device = The device code { $code } does not work: a code is good once, for ten minutes. Ask for a new one on the other device.

## Seats, turns and results

who-with-side = { $name } ({ $side })
seat-rated = { $name } ({ $rating })
ai-level = AI level { $level }
# $many is "yes" when $who is a side of many pieces ("Tigers"), so the verb agrees.
turn-to-move = { $who } to move
turn-moves-again = { $many ->
    [yes] { $who } move again
   *[no] { $who } moves again
}
status-sending = { $whose }: sending the move...
status-jump-on = { $whose }: jump on, or click the piece to stop
status-capture-goes-on = { $whose }: the capture must go on
moves-then = { $first }, then { $next }
turn-sowed = { $who } sowed { $moves }
turn-played = { $who } played { $moves }
turn-captured = { $turn }: { $captures }
captures-seeds = { $count ->
    [one] captures a seed
   *[other] captures { $count } seeds
}
captures-goats = { $count ->
    [one] captures a goat
   *[other] captures { $count } goats
}
captures-animals = { $count ->
    [one] captures an animal
   *[other] captures { $count } animals
}
captures-soldiers = { $count ->
    [one] captures a soldier
   *[other] captures { $count } soldiers
}
counter-goats-placed = Goats placed
counter-of = { $count } of { $total }
counter-goats-captured = Goats captured
counter-tigers-trapped = Tigers trapped
counter-store = { $side } store
counter-store-seeds = { $store } ({ $houses } in houses)
counter-pieces = { $side } pieces
counter-moves = Moves made
result-wins = { $many ->
    [yes] { $who } win
   *[no] { $who } wins
}
result-draw = Draw
result-aborted = Aborted
result-with-reason = { $result }: { $why }
result-draw-agreed-here = Draw agreed
reason-resigned = { $side } resigned
reason-resignation = resignation
reason-timeout = time ran out
reason-agreed = agreed
reason-abandoned = the other player left the game
reason-aborted = the game was called off
end-capture-target = the tigers made their captures
end-no-legal-move = no legal move
end-repetition = the same position for the third time
end-no-capture-limit = too many moves without a capture
end-den-entered = a piece entered the den
end-all-captured = every enemy piece was captured
end-seeds-counted = the seeds were counted

## Clocks and computer players

clock-none = no clock
clock-minutes = { $count } min
clock-seconds = { $count } s
clock-increment = { $initial } + { $increment }
engine-named = { $name }, depth { $depth }

## What the player was doing when the server refused it ("Joining the game: ...")

asked-hello = Connecting
asked-create = Starting the game
asked-join = Joining the game
asked-accept = Accepting the seek
asked-watch = Watching the game
asked-rejoin = Going back to your game
asked-subscribe = Opening the lobby
asked-move = Your move
asked-hint = The hint
asked-analyse = The analysis
asked-finished = Listing your games
asked-record = Loading the game
asked-review = The review
asked-cancel-seek = Cancel the seek
asked-resign = Resign
asked-berserk = Berserk
asked-offer-draw = Offer a draw
asked-accept-draw = Accept the draw
asked-decline = Decline
asked-takeback = Ask for a takeback
asked-accept-takeback = Accept the takeback
asked-offer-rematch = Offer a rematch
asked-accept-rematch = Accept the rematch
notice-no-show = This game cannot be shown: { $why }

## The lobby's finished games

finished-aborted = aborted
finished-won = { $name } won
finished-draw = draw
finished-unfinished = unfinished

## Connection problems

closed-with-code = The server closed the connection. { $why }
closed-with-reason = The server closed the connection: { $reason }.
closed = The server closed the connection.
not-reached = The server at { $url } is not answering. Is it running?
not-allowed-here = This server does not accept players from pages at { $page }. Ask its operator for the right address.
not-allowed-here-go = This server does not accept players from pages at { $page }. Open { $allowed } instead.
connection-lost = The connection to the server was lost.
refused = The server at { $url } is not answering (nothing is listening there). Is it running?
timed-out = The server at { $url } did not answer in time.
connection-cut = The connection to the server was cut.
not-found = Cannot find the server { $url }: check the address.
unreachable = Cannot reach the server at { $url } ({ $why }).
tls-failed = The secure connection to { $url } failed ({ $why }): check that the server offers wss:// there and that its certificate is valid for that name.
not-chaupal = Something answered at { $url }, but it is not a Chaupal server (HTTP { $status }).
not-accepted = The server at { $url } did not accept the connection ({ $why }).
greeting-late = The server at { $url } did not finish greeting in time.
connection-failed = The connection to the server failed ({ $why }).
connection-broke = The connection to the server broke off ({ $why }).
message-too-large = The server sent a message too large to read.

## The server's refusals

error-while = { $what }: { $error }
error-version = This client and the server speak different versions of the protocol: update the client.
error-misunderstood = The client and the server misunderstood each other ({ $why }). Reconnecting should help.
error-bad-device-code = That code from another device is unknown, used or expired: ask that device for a new one.
error-too-large = That message was too large for the server.
error-rate-limited = Too many requests at once: wait a moment and try again.
error-too-many-connections = Too many connections from this computer: close another Chaupal window.
error-timeout = The server stopped waiting for this client; reconnecting.
error-shutting-down = The server is shutting down; the client will reconnect when it is back.
error-unknown-token = The server did not recognise this computer's player, so you continue as a new player.
error-bad-name = The server does not accept that name: { $why }.
error-too-many-games = You have as many games and seeks open as the server allows: finish or cancel one first.
error-no-such-seek = That seek is gone: someone else took it, or it was cancelled.
error-bad-invite-code = No game has that invite code: check it with your friend.
error-bad-rules = The server does not accept those rules: { $why }.
error-bad-setup = The server cannot set up that game: { $why }.
error-no-such-game = That game is no longer on the server.
error-no-such-player = There is no such player.
error-not-your-seat = That is not your seat in this game.
error-not-your-turn = It is the other side's turn, not yours.
error-stale-move = The game moved on before your move arrived, so it was not played; the board shows the game as it is now.
error-illegal-move = The server refused the move: { $why }.
error-game-over = The game is already over.
error-no-offer = There is no offer to answer any more.
error-not-allowed = That is not allowed now: { $why }.
error-ai-busy = The computer players are all busy: try again in a moment.
error-ai-error = The computer player failed: { $why }.
error-bad-record = That game record cannot be read: { $why }.
error-not-finished = A game is reviewed once it is over.
error-private-game = That is someone else's private game: only its players and those they sent its link to can see it.
error-too-many-reviews = The server is busy with as many reviews as it allows: try again when one is done.
error-storage = The server could not save that; nothing changed. Try again.
error-unavailable = The game is moving to another server; nothing changed. Try again in a moment.
error-outcome-unknown = The game's server stopped before it answered; the board shows whether your move was played.
error-internal = Something went wrong on the server; nothing changed. Try again.
error-no-such-tournament = There is no such tournament, or its code is wrong: check the link.
error-tournament-over = This tournament is over.
error-already-entered = You are in this tournament already.
error-not-entered = You are not in this tournament.

## The review

review-server-only = Reviews are made by the server's engine: only games played on the server can be reviewed.
doing-review = A review
doing-play-from-here = Playing the computer from here
review-misfit = The review covers { $covered } moves and this game has { $moves }: it cannot be shown.
review-over-here = The game is over in this position: pick an earlier move to play from.
review-asking = Asking the server for a review...
review-analysing = Analysing { $analysed } of { $total } positions

## Server addresses and the client's own troubles

address-not-ws = { $url } is not a server address: it should look like ws://127.0.0.1:7878 (or wss://example.org for an encrypted connection)
address-with-user = { $url }: a server address carries no user name or password
address-bad-port = { $url }: “{ $port }” is not a port number
address-unclosed = { $url }: the address in [ ] is not closed
address-trailing = { $url }: “{ $after }” after the address makes no sense
address-no-server = { $url } names no server
problem-no-thread = The client could not start its network thread ({ $detail }).
problem-unreadable = The server sent something this client cannot read ({ $detail }).
problem-not-sent = This request could not be sent ({ $detail }).

## The connection screen

connect-title-offline = You are offline
connect-title-unreachable = Cannot reach the server
connect-title-not-allowed = This address is not allowed
connect-title-connecting = Connecting to the server
connect-about = Games on this device, two people taking turns, work without a connection; playing friends, the computer, and watching need one.
connect-no-network = This device has no network. The client connects by itself when it is back.
connect-try-now = Try again now
connect-play-offline = Play offline

## Rule options, the rules screens and how to play

rule-captures-to-win = Captures to win
rule-repetition = Repetition
rule-pits = Houses a side
rule-seeds = Seeds a house
rule-empty-capture = Lone-seed capture
rule-board = Board
rule-capture = Capture
rules-baghchal-1 = Four tigers hunt twenty goats on a 5 x 5 board of lines.
rules-baghchal-2 = Goats move first. While goats are in hand, each goat turn places one on any empty point; after all twenty are placed, a goat steps along a line to an empty neighbour.
rules-baghchal-3 = A tiger steps along a line, or jumps over one goat next to it to the empty point just beyond, capturing it. Tigers never jump tigers; capturing is optional.
rules-baghchal-4 = Diagonal lines run only through every other point, as drawn.
rules-baghchal-5 = Tigers win with their fifth capture (a rule option). Goats win when the tigers, to move, are trapped and cannot move.
rules-baghchal-6 = The same position for the third time is a draw (or, as an option, may not be repeated at all once the goats are placed).
rules-kalah-1 = Each side has a row of houses and a store at its right; every house starts with the same number of seeds.
rules-kalah-2 = On your turn, take all the seeds of one of your houses and sow them one by one counter-clockwise: your houses, your store, the other side's houses (never the other store).
rules-kalah-3 = Last seed in your own store: move again.
rules-kalah-4 = Last seed in one of your own empty houses: it and all the seeds of the house opposite go to your store (if the opposite house has any).
rules-kalah-5 = When either side's houses are all empty, each side adds its remaining seeds to its store. More seeds wins.
rules-jungle-1 = Each side has eight animals; higher ranks take lower ones: elephant 8, lion 7, tiger 6, leopard 5, wolf 4, dog 3, cat 2, rat 1.
rules-jungle-2 = A move is one step up, down or sideways. Nobody enters its own den.
rules-jungle-3 = Only the rat swims. Lion and tiger leap across the river in a straight line, unless a rat is in the way.
rules-jungle-4 = Capture by moving onto an enemy of equal or lower rank; the rat takes the elephant, but the elephant never takes the rat. No capture between water and land.
rules-jungle-5 = An enemy on one of your traps can be taken by any of your animals.
rules-jungle-6 = Win by entering the enemy den or taking every enemy animal. The small board is a 5 x 7 version with four animals a side.
rules-sholo-guti-1 = Sixteen soldiers a side on 37 points: a 5 x 5 field with a triangle at each end.
rules-sholo-guti-2 = A soldier steps along a line to an empty neighbouring point.
rules-sholo-guti-3 = It captures by jumping over an enemy next to it along a line to the empty point just beyond; after a capture the same soldier may jump again, in any direction, and stop after any capture.
rules-sholo-guti-4 = Option: captures compulsory, and the chain must go on while it can.
rules-sholo-guti-5 = Capture every enemy soldier, or leave the other side without a move, to win. The same position three times, or 200 moves without a capture, is a draw.
example-baghchal = The tiger on c3 jumps the goat on d3 along the line and lands on e3: the goat is captured. It could also take b3 or c2.
example-kalah = South sows house 3: one seed each into houses 4, 5 and 6 and the last into South's store, so South moves again.
example-jungle = The lion on c3 leaps the river to c7. A rat swimming in the way would block the leap.
example-sholo-guti = The soldier on c4 jumps c5, then jumps again over d6: two captures in one move. It could also stop on c6.
how-baghchal = Tap or click an empty point to place a goat. Drag a piece to a marked point, or tap it and then the point.
how-kalah = Tap or click one of your houses to sow it.
how-jungle = Drag an animal to a marked square, or tap it and then the square.
how-sholo-guti = Drag a soldier to a marked point, or tap it and then the point; in a chain, tap each landing in turn, or the soldier again to stop.
rule-value-on = On
rule-value-off = Off
rule-value-draw = draw
rule-value-forbidden = forbidden
rule-value-standard = standard
rule-value-small = small
rule-value-optional = optional
rule-value-compulsory = compulsory
rule-changed = { $rule }: { $value }

## What several screens share

back = Back
rules-here = Here
game-with-rules = { $game } ({ $rules })
hint-best-move = Best move: { $best }
hint-chances = { $side }: { $percent }% to win
moves-none = No moves yet
brand = Chaupal
screen-connecting = Connecting
screen-lobby = Lobby
screen-review = Review
screen-replay = Replay
screen-rules = Rules of { $game }
replay = Replay
rematch = Rematch
review = Review
lobby = Lobby

## The lobby

broken-title = That link does not work
broken-to-lobby = Go to the lobby
close = Close
copy-link = Copy link
copy-code = Copy code
invite-title = Your private game is ready
invite-note = The game starts when they join. You can close this card: the code stays in the lobby.
invite-send-link = Send your friend this link:
invite-or-code = Or tell them this code:
invite-code = Tell your friend this code:
invitation-title = An invitation to play
invitation-from = { $name } invites you to play { $game }.
invitation-pace = Pace: { $pace }
invitation-rated = Rated: the result changes your rating.
invitation-casual = Casual: no rating changes.
invitation-you-play = You play { $side }.
invitation-sides-random = Sides are drawn at random.
invitation-rules = Rules that differ:
broken-invite-own = This is your own invitation: send its link to a friend. The game starts when they accept it.
notice-invitation-declined = { $name } declined your invitation ({ $code }).
devices-title = Play on another device
devices-note = On the other device, open the link, or enter the code there under “Play on another device”. It works once, for the next { $minutes ->
    [one] minute
   *[other] { $minutes } minutes
}.
devices-asking = Asking the server for a code...
devices-enter = Have a code from another device? Enter it to play here as that player:
devices-use-code = Use code
lists-seeks = Open seeks
lists-not-connected = Not connected to a server. Open seeks and live games to watch show up here once the connection is made.
lists-no-seeks = Nobody is waiting for a game right now.
lists-no-clock = no clock
lists-rated = rated
lists-casual = casual
lists-your-seek = { $who } (your seek)
lists-cancel = Cancel
lists-play = Play
lists-live = Live games
lists-no-live = No games are being played.
lists-versus = { $first } vs { $second }
lists-exhibition = { $game } (AI vs AI)
lists-at-move = move { $count }
lists-resume = Resume
lists-watch = Watch
lists-finished = Your finished games
lists-no-finished = Games you finish on the server can be replayed from here.
lists-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
choices-both-here = Both sides at this screen: take turns on the board.
choices-seek-listed = Your seek is listed in every lobby; the game starts when someone accepts it.
choices-sound-on = Sound: on
choices-sound-off = Sound: off
choices-change-name = Change name
choices-you = You
choices-you-named = You: { $name }
choices-name = Name
choices-keep = Keep
choices-name-hint = your name
choices-game = Choose a game
mode-here = On this device
mode-computer = The computer
mode-friend = A friend
mode-anyone = Anyone
choices-you-play = You play
choices-either = Either
level-of = { $level } of { $levels } ({ $rating })
engine-level = Levels 1–{ $levels }
choices-engine = Engine
choices-level = Level
choices-depth = Depth
choices-exhibition = Watch the computer play itself
choices-your-code = Your code:
choices-friends-code = A friend's invite code:
choices-join = Join
choices-code-hint = a friend's code
choices-rules = Rules
start-here = Start the game
start-computer = Play the computer
start-friend = Create a private game
start-anyone = Offer the game
choices-clock = Clock
choices-increment = Added a move
choices-increment-value = +{ $count } s
choices-untimed = untimed
choices-casual = Casual
choices-rated = Rated
choices-no-clock = none

## The game screen

player-computer = computer
player-to-move = to move
play-latest = Latest move
play-back = < Move
play-forward = Move >
play-more = More
play-stop-chain = Stop the chain here
play-resign-yes = Yes, resign
play-keep-playing = Keep playing
play-accept = Accept
play-decline = Decline
play-flip = Flip board
play-analyse = Analyse
play-take-back = Take back
play-hint = Hint
play-offer-draw = Offer draw
play-resign = Resign
play-berserk = Berserk
play-share = Share
play-resign-question = Resign this game? It counts as a loss.
looking-at-start = the start
looking-at-move = move { $ply } of { $count }
looking-back = Looking back at { $at }. No move can be made here: End or “{ play-latest }” returns.
game-number = Game { $id }
you-are-watching = you are watching ({ $count } in all)
watching-count = { $count ->
    [one] { $count } watching
   *[other] { $count } watching
}

## Replays and reviews

replay-start = The start
replay-after-move = After move { $ply } of { $count }
replay-play = Play
replay-pause = Pause
replay-play-from-here = Play from here against the AI
replay-play-from-here-short = Play from here
review-accuracy = Accuracy: { $figures }
review-ahead = { $side } ahead
review-legend-mistake = mistake
review-legend-blunder = blunder
# $many is "yes" when $side is a side of many pieces ("Goats"): "Goats' winning chance".
review-graph-caption = { $many ->
    [yes] { $side }' winning chance
   *[no] { $side }'s winning chance
}
review-move-shown = move shown
review-graph-first-move = move { $count }
review-end = The end of the game.
review-step-back = Step back to see the verdict on each move.
review-slips = { $count ->
    [0] { $side }: no slips
    [one] { $side }: 1 slip
   *[other] { $side }: { $count } slips
}

## Troubles on this device

problem-settings = Your settings could not be read or kept: { $detail }
problem-settings-invalid = The saved settings are not valid ({ $detail }); they will be replaced.
problem-no-storage = This browser keeps nothing for this page (private mode?).
problem-no-copy = This browser cannot copy; here it is: { $text }
problem-not-web-address = { $url } is not a web address.
problem-no-browser = Could not open { $url } in a browser ({ $detail }).
problem-popup = The browser did not open { $url } (a pop-up blocker?).
problem-font = A font could not be read: { $detail }
review-a-win = a win
review-a-draw = a draw
review-a-loss = a loss
review-house = house { $house }
value-has-won = has won
value-has-lost = has lost
value-wins-in = { $count ->
    [one] wins in { $count } move
   *[other] wins in { $count } moves
}
value-loses-in = { $count ->
    [one] loses in { $count } move
   *[other] loses in { $count } moves
}
value-draw = draw
value-level = level
value-wins-by = { $count ->
    [one] wins by { $count } seed
   *[other] wins by { $count } seeds
}
value-loses-by = { $count ->
    [one] loses by { $count } seed
   *[other] loses by { $count } seeds
}
noun-the-win = the win
noun-the-loss = the loss
noun-win-in = { $count ->
    [one] a win in { $count } move
   *[other] a win in { $count } moves
}
noun-loss-in = { $count ->
    [one] a loss in { $count } move
   *[other] a loss in { $count } moves
}
noun-win-by = { $count ->
    [one] a win by { $count } seed
   *[other] a win by { $count } seeds
}
noun-loss-by = { $count ->
    [one] a loss by { $count } seed
   *[other] a loss by { $count } seeds
}
# $many is "yes" when $side is a side of many pieces ("Goats"), so the words agree.
standing-chance = { $many ->
    [yes] { $side }' winning chance: { $percent }.
   *[no] { $side }'s winning chance: { $percent }.
}
standing-draw = A draw with best play.
standing-level = Level: a draw with best play.
standing-has-won = { $many ->
    [yes] { $side } have won.
   *[no] { $side } has won.
}
standing-has-lost = { $many ->
    [yes] { $side } have lost.
   *[no] { $side } has lost.
}
standing-wins-in = { $many ->
    [yes] { $side } win in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }.
   *[no] { $side } wins in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }.
}
standing-loses-in = { $many ->
    [yes] { $side } lose in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }.
   *[no] { $side } loses in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }.
}
standing-wins-by = { $side } wins by { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}.
standing-loses-by = { $side } loses by { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}.
class-best = best move
class-good = good
class-inaccuracy = inaccuracy
class-mistake = mistake
class-blunder = blunder
slip = { $ply }. { $move }: { $what }
slip-better = { $ply }. { $move }: { $what }; { $best } was better
slip-turned = turned { $before } into { $after }
slip-gave-away = gave away { $points }%
accuracy-side = { $side } { $value }
accuracy-line = { $first } · { $second }
verdict-head = { $ply }. { $move }: { $class }
verdict-turned-kept-win = Turned { $before } into { $after }; { $better } kept the win.
verdict-turned-kept-draw = Turned { $before } into { $after }; { $better } kept the draw.
verdict-turned = Turned { $before } into { $after }; { $better } was better.
verdict-wins-too = Wins in { $count ->
    [one] { $count } move
   *[other] { $count } moves
} too, as { $better } does.
verdict-wins-slower = Wins in { $count ->
    [one] { $count } move
   *[other] { $count } moves
} instead of { $was }; { $better } was quicker.
verdict-loses-anyway = Loses in { $count ->
    [one] { $count } move
   *[other] { $count } moves
} all the same, as { $better } does.
verdict-loses-sooner = Loses in { $count ->
    [one] { $count } move
   *[other] { $count } moves
} instead of { $was }; { $better } held out longer.
verdict-wins-by-less = Wins by { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} instead of { $was }; { $better } was better.
verdict-loses-by-more = Loses by { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} instead of { $was }; { $better } was better.
verdict-values = Now { $after } instead of { $before }; { $better } was better.
verdict-compared = { " " }({ $was } instead of { $is })
verdict-little = Gave away less than 1%; { $better } was a little better{ $values }.
verdict-gave-away = Gave away { $points }% winning chances; { $better } was better{ $values }.
problem-not-utf8 = The server sent text that is not UTF-8.

## The pieces' marks on the board (a letter or two, or a character), and the trays beside it

piece-label-goat = G
piece-label-tiger = T
tray-in-hand = In hand: { $count }
tray-captured = Captured: { $count } of { $total }

animal-rat = Ra
animal-cat = Ca
animal-dog = Do
animal-wolf = Wo
animal-leopard = Le
animal-tiger = Ti
animal-lion = Li
animal-elephant = El

## Play without sight or without a mouse: the move field, the board's cursor, and what a screen reader hears

move-field-label = Type a move, or ? for help
typed-not-legal = “{ $typed }” is not a legal move here. Moves are typed as they are written, such as { $example }.
typed-not-your-turn = It is not your turn to move.
typed-game-over = The game is over.
speech-help = Type a move as it is written, such as { $example }, then Enter. Or type b to hear the board, c the clocks, s whose turn it is. On the board, Tab brings a cursor: the arrow keys move it, Enter picks, Escape lets go.
speech-cursor-help = The cursor is on the board: the arrow keys move it, Enter picks, Escape lets go, Tab leaves the board.
speech-cell = { $cell }: { $what }
speech-empty = empty
speech-none = none
speech-both = { $first }, { $second }
speech-house = { $side } house { $house }: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
speech-side-pieces = { $side }: { $pieces }.
speech-side-soldiers = { $side }: { $count ->
    [one] { $count } soldier
   *[other] { $count } soldiers
}: { $pieces }.
speech-piece-at = { $piece } { $cell }
speech-goats-hand = Goats in hand: { $hand }; captured: { $count } of { $total }.
speech-kalah-side = { $side }: houses { $houses }; store { $store }.
speech-clocks = { $first }: { $first_time }. { $second }: { $second_time }.
speech-no-clocks = This game has no clock.
piece-goat = goat
piece-tiger = tiger
piece-soldier = soldier
piece-of-side = { $side } { $piece }
ground-water = water
ground-trap = { $side } trap
ground-den = { $side } den
animal-name-rat = rat
animal-name-cat = cat
animal-name-dog = dog
animal-name-wolf = wolf
animal-name-leopard = leopard
animal-name-tiger = tiger
animal-name-lion = lion
animal-name-elephant = elephant
speech-button = { $label }, button

## Correspondence games and notifications of your turns

choices-live = Live
choices-correspondence = Correspondence
choices-move-time = Time a move
pace-days = { $count ->
    [one] { $count } day a move
   *[other] { $count } days a move
}
pace-unlimited = no time limit
pace-value-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
pace-value-unlimited = No limit
span-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
span-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
span-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
span-two = { $larger } { $smaller }
span-under-minute = less than a minute
deadline-yours = Your move: { $time } left
deadline-theirs = { $who } has { $time } to move
deadline-yours-unlimited = Your move: no time limit
deadline-theirs-unlimited = { $who } to move: no time limit
deadline-up = The time for this move is up.
my-games = My games
my-games-none = Correspondence games wait here between moves: to start one, choose “{ mode-friend }” or “{ mode-anyone }”, then “{ choices-correspondence }”.
my-games-your-turn = Your turn
my-games-their-turn = Their turn
my-games-left = { $time } left
my-games-time-up = time is up
my-games-muted = muted
my-games-open = Open
my-games-more = { $count ->
    [one] { $count } more game in play is not listed here.
   *[other] { $count } more games in play are not listed here.
}
waiting-title = Waiting for an opponent
waiting-invitation = for a friend, code { $code }
waiting-open = open to anyone
push-turn-on = Tell me when it's my turn
push-asking = Asking...
push-blocked = This browser blocks Chaupal's notifications: allow them in its site settings to hear of your turns.
push-turn-off = Notifications off
push-mute-all = Mute all
push-unmute-all = Unmute all
play-mute = Mute game
play-unmute = Unmute game
notice-game-waits = Your game waits in My games: come back to it and move before the time is up.
notice-push-on = You will be told when it is your turn, even with Chaupal closed.
notice-push-off = No more notifications on this device.
notice-push-blocked = The browser blocked notifications: allow them in its site settings, then try again.
notice-push-not-allowed = Notifications stay off: the browser's question was closed.
notice-push-failed = Notifications could not be turned on: { $why }
notice-muted-game = This game's notifications are muted.
notice-unmuted-game = This game's notifications are on again.
notice-muted-all = The notifications of all your games are muted.
notice-unmuted-all = The notifications of your games are on again.
asked-my-games = Listing your games in play
asked-my-seeks = Listing your seeks and invitations
asked-push = Notifications
asked-mute = Muting
doing-open-game = Opening your game
error-bad-subscription = The server did not take this browser's notifications: { $why }.
error-no-push = This server sends no notifications.

## Notifications shown while no page of Chaupal is open (the browser fills in the game and the opponent)

notify-turn-title = Your turn in { $game } against { $opponent }
notify-turn-body = { $opponent } has moved. Tap to play.
notify-round-game-title = Round { $round }: { $game } against { $opponent }
notify-round-game-body = Your game has begun. Tap to play.
notify-accepted-title = { $opponent } accepted your invitation
notify-accepted-body = Your game of { $game } has begun.
notify-won = { $game } against { $opponent }: you won
notify-lost = { $game } against { $opponent }: you lost
notify-drawn = { $game } against { $opponent }: a draw
notify-aborted = { $game } against { $opponent }: aborted
notify-ended-body = The game is over.
notify-ended-on-time = The game ended on time.
notify-reminder-title = Your move in { $game } against { $opponent }
notify-reminder-body = { $hours ->
    [one] Less than { $hours } hour left to move.
   *[other] Less than { $hours } hours left to move.
}
notify-tournament-soon-title = { $minutes ->
    [one] Your { $game } tournament starts in { $minutes } minute
   *[other] Your { $game } tournament starts in { $minutes } minutes
}
notify-tournament-soon-body = Tap to open it.

## Puzzles: the lobby's way to them, the Puzzles screen, and puzzles from your own mistakes in a game's review

lobby-puzzles = Puzzles
lobby-daily-puzzle = Puzzle of the day
screen-puzzles = Puzzles
title-puzzles = Puzzles - Chaupal
doing-puzzles = Solving puzzles
puzzle-task-win = { $side } to move: find the only winning move
puzzle-task-draw = { $side } to move: find the only move that saves the draw
puzzle-rating = Puzzle rating { $rating }
puzzle-your-rating = Your puzzle rating: { $rating }
puzzle-unrated-attempt = Unrated · your puzzle rating: { $rating }
puzzle-streak = { $count ->
    [one] Streak: { $count } puzzle solved
   *[other] Streak: { $count } puzzles solved
}
puzzle-best-streak = Best streak: { $count }
puzzle-from-your-game = From your game: puzzle { $place } of { $total }
puzzle-finding = Finding a puzzle...
puzzle-checking = Checking your move...
puzzle-to-find = { $count ->
    [one] { $count } move to find
   *[other] { $count } moves to find
}
puzzle-find-again = Try another move.
puzzle-right = Right!
puzzle-keep-going = { $count ->
    [one] Keep going: { $count } more move to find.
   *[other] Keep going: { $count } more moves to find.
}
puzzle-wrong-goats-escape = Not that: the goats escape
puzzle-wrong-tigers-break-out = Not that: the tigers break out
puzzle-wrong-lead-slips = Not that: the lead slips away
puzzle-wrong-win-slips = Not that: the win slips away
puzzle-wrong-soldiers-hold = Not that: their soldiers hold out
puzzle-wrong-loses = Not that: this loses
puzzle-streak-over = { $count ->
    [one] Streak over: { $count } puzzle solved
   *[other] Streak over: { $count } puzzles solved
}
puzzle-solved = Solved!
puzzle-solved-again = Solved on another try: unrated.
puzzle-solution-shown = The solution: move { $shown } of { $count }
puzzle-rating-change = Your puzzle rating: { $rating } ({ $change })
puzzle-unrated = Unrated: your puzzle rating stays
puzzle-left-failed = The puzzle you left after a move counts as failed. { $change }
puzzle-rating-now = The puzzle's rating is now { $rating }
puzzle-try-again = Try again
puzzle-show-solution = Show solution
puzzle-next = Next puzzle
puzzle-new-streak = New streak
puzzle-skip = Skip (counts as failed)
puzzle-skip-confirm = Skip: press again to confirm
puzzle-press-again = Press to confirm
puzzle-leave-warning = Your rated puzzle is under way: leaving it for another now counts as failed.
puzzle-choices = The next puzzle
puzzle-game = Game
puzzle-any-game = Any game
puzzle-theme = Theme
puzzle-any-theme = Any theme
puzzle-mode-rated = Rated
puzzle-mode-streak = Streak
puzzle-rated-hint = Your first try at each puzzle counts for your puzzle rating.
puzzle-streak-hint = Unrated: harder and harder, until your first mistake.
puzzle-no-mistakes = This game gives no puzzle: none of your slips had one clearly best move in its place.
puzzle-unreadable = This puzzle cannot be shown: { $why }
puzzle-out-of-step = The puzzle's board went out of step with the server's: it starts again.
review-learn-mistakes = Learn from your mistakes
broken-puzzle = Puzzle { $id } cannot be opened. ({ $said })
asked-puzzle = The puzzle
asked-puzzle-move = Your puzzle move
asked-puzzle-solution = The solution
asked-mistake-puzzles = Puzzles from your mistakes
error-no-such-puzzle = There is no such puzzle, or none left that fits: try another game or theme.
error-puzzle-not-given = This puzzle was given to an earlier connection: ask for it again.
error-puzzle-over = This puzzle is over: ask for the next one.
theme-capture = Capture
theme-trap = Trap
theme-double-threat = Double threat
theme-block = Block
theme-extra-turn = Extra turn
theme-extra-turn-chain = Extra turns in a row
theme-finish = Finish
theme-save-draw = Saving the draw
theme-one-move = One move
theme-long = Long
theme-placement = Placing goats
theme-movement = Moving goats
theme-sweep = Sweep
theme-den = Den
theme-chain = Chain of jumps

## Tournaments (arenas, Swiss, round robins)
lobby-tournaments = Tournaments
screen-tournaments = Tournaments
screen-new-tournament = New tournament
title-tournaments = Tournaments - Chaupal
doing-tournaments = Playing in tournaments
asked-tournament = The tournament
asked-new-tournament = The new tournament
broken-tournament = Tournament { $id } cannot be opened. ({ $said })
tournament-started = Your tournament has started.
tournament-ended = Your tournament is over: see the podium.
tournament-paired = Paired against { $opponent }: your game begins.
tournaments-heading = Tournaments
tournaments-about = In an arena, everyone plays as many games as they can until the time is up. In a Swiss, each round pairs players on equal points; in a round robin, everyone meets everyone. The most points win.
tournaments-new = Make a tournament
tournaments-loading = Loading…
tournaments-none = No tournaments just now. Make one!
tournaments-mine = Yours
tournaments-running = Playing now
tournaments-upcoming = Starting soon
tournaments-finished = Finished
tournament-title = { $game } arena
tournament-format = { $minutes }-minute arena
tournament-format-streaks = { $minutes }-minute arena, with streaks
tournament-format-clock = { $format } · { $clock }
tournament-starts-in = Starts in { $time }
tournament-starting = Starting…
tournament-ends-in = Ends in { $time }
tournament-ending = Ending…
tournament-over = Finished
tournament-entrants = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
tournament-entrants-private = { $count ->
    [one] { $count } player, private
   *[other] { $count } players, private
}
tournament-by = Made by { $name }
tournament-join = Join
tournament-rejoin = Play again
tournament-pause = Pause
tournament-leave = Leave
tournament-share = Share link
tournament-podium = Podium
# $many is "no" when $points is 1 or ½ ("1 point"), else "yes" ("1½ points").
tournament-podium-line = { $rank }. { $name }: { $points } { $many ->
        [no] point
       *[yes] points
    }
tournament-standings = Standings
tournament-no-entrants = Nobody has joined yet.
tournament-page = { $page } of { $pages }
# $many as in tournament-podium-line.
tournament-line = Rating { $rating } · { $points } { $many ->
        [no] point
       *[yes] points
    } · { $presence }
tournament-idle = waiting
tournament-playing = playing
tournament-paused = paused
tournament-left = left
tournament-done = played to the end
tournament-new-heading = Make a tournament
tournament-minutes = { $count } minutes
tournament-game = Game
tournament-length = Lasts
tournament-clock = Clock
tournament-start = Starts
tournament-start-now = Now
tournament-start-in = { $count ->
    [one] In { $count } minute
   *[other] In { $count } minutes
}
tournament-public = Public
tournament-private = Private
tournament-public-hint = Listed for everyone to join.
tournament-private-hint = Listed to nobody: share its link with the players you want.
tournament-computers-label = Computers
tournament-computers = { $count ->
    [0] None
    [one] { $count } computer
   *[other] { $count } computers
}
tournament-computer-level = Their level
tournament-rated-hint = Rated games; two wins in a row set a player on fire, and their wins score double.
tournament-create = Make it
tournament-back = Back to the tournament
tournament-open = Open
tournament-on-fire = on fire
tournament-my-game = To my game
tournament-title-swiss = { $game } Swiss
tournament-title-round-robin = { $game } round robin
tournament-format-swiss = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tournament-format-swiss-matches = { $rounds ->
    [one] Swiss, { $rounds } round of two-game matches
   *[other] Swiss, { $rounds } rounds of two-game matches
}
tournament-format-round-robin = Round robin, up to { $count } players
tournament-format-double-round-robin = Double round robin, up to { $count } players
tournament-round = Round { $round } of { $of }
tournament-round-playing = Games in play
tournament-round-pairing = Round { $round }: pairing…
tournament-next-round = Round { $round } in { $time }
tournament-next-round-seconds = Round { $round } in { $seconds } s
tournament-bye = Round { $round }: you have a bye, a won round.
tournament-sat-out = Round { $round }: you sit out, with nobody left to meet.
tournament-buchholz = Buchholz { $points }
tournament-sonneborn-berger = SB { $points }
tournament-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
}
tournament-kind-arena = Arena
tournament-kind-swiss = Swiss
tournament-kind-round-robin = Round robin
tournament-format-label = Format
tournament-rounds-label = Rounds
tournament-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
tournament-players-label = Players
tournament-most-players = Up to { $count }
tournament-single-games = Single games
tournament-matches = Matches of two
tournament-meet-once = Meet once
tournament-meet-twice = Meet twice
tournament-start-day = In a day
tournament-start-week = In a week
tournament-swiss-hint = Rated games; a win scores 1, a draw ½. Each round pairs players on equal points, never the same two twice; ties are broken by Buchholz, then Sonneborn-Berger (SB). Join until the last round is paired.
tournament-round-robin-hint = Rated games; everyone meets everyone, a round at a time; a win scores 1, a draw ½. Join before the start; no pauses.
