# Chaupal's interface in Bengali (bn), translated from en.ftl.
# Awaiting review by native speakers: see docs/TRANSLATING.md to correct a message.
#
# অনুবাদের কয়েকটি নিয়ম: { $braces }-এর নাম অনুবাদ করা হয় না; চালের সংকেত (a1-e5, ঘরের
# নম্বর) আর সংখ্যা যেমন আছে তেমনই থাকে। বাংলায় সংখ্যার পরে বিশেষ্যের বহুবচন লাগে না
# ("3টি চাল"), তাই যেখানে দুই রূপ একই, সেখানে [one] / *[other] বাছাই রাখা হয়নি।
# বাংলায় ক্রিয়া বচন অনুযায়ী বদলায় না ("বাঘ জিতেছে", "দক্ষিণ জিতেছে"), তাই $many লাগে না।
# শব্দ: seek = আহ্বান, rated / casual = রেটেড / সাধারণ, clock = ঘড়ি, increment = প্রতি চালে
# যোগ, takeback = চাল ফেরত, resign = হার মানা, draw = ড্র, review = পর্যালোচনা,
# accuracy = নির্ভুলতা, best move / good / inaccuracy / mistake / blunder = সেরা চাল / ভালো /
# ছোট ভুল / ভুল / মারাত্মক ভুল, slip = ভুল, winning chance = জয়ের সম্ভাবনা, engine = ইঞ্জিন,
# level = স্তর, depth = গভীরতা, replay = রিপ্লে, lobby = লবি, invite code = আমন্ত্রণ কোড,
# capture = খাওয়া (কালাহতে বীজ: দখল), Sholo Guti's soldier = গুটি।

## খেলা ও তাদের পক্ষ

game-baghchal = বাঘচাল
game-kalah = কালাহ
game-jungle = জঙ্গল
game-sholo-guti = ষোলো গুটি

side-baghchal-first = ছাগল
side-baghchal-second = বাঘ
side-kalah-first = দক্ষিণ
side-kalah-second = উত্তর
side-jungle-first = দক্ষিণ
side-jungle-second = উত্তর
side-sholo-guti-first = দক্ষিণ
side-sholo-guti-second = উত্তর

## সংযোগ: উপরের বারে ও সংযোগের পর্দায়

connection-offline = অফলাইন: এই ডিভাইসে খেলা
connection-connecting = সার্ভারের সঙ্গে সংযোগ হচ্ছে...
connection-reconnecting = সার্ভারের সঙ্গে আবার সংযোগ হচ্ছে (চেষ্টা { $attempt })...
connection-online-as = { $name } নামে অনলাইন
connection-retrying = { $reason } { $seconds } সে. পরে আবার চেষ্টা করা হবে।
connection-short-offline = অফলাইন
connection-short-connecting = সংযোগ হচ্ছে...
connection-short-connecting-bare = সংযোগ হচ্ছে
connection-short-reconnecting = আবার সংযোগ হচ্ছে...
connection-short-reconnecting-bare = আবার সংযোগ হচ্ছে
connection-short-online = অনলাইন
connection-short-retrying = সংযোগ নেই: { $seconds } সে. পরে আবার চেষ্টা
connection-short-retrying-bare = { $seconds } সে. পরে আবার চেষ্টা
connection-short-not-connected = সংযোগ নেই
connection-short-not-allowed = ঠিকানা অনুমোদিত নয়

## নাম

name-empty = নামে অন্তত একটি অক্ষর থাকতে হবে।
name-too-long = নামে সর্বোচ্চ { $count }টি অক্ষর থাকতে পারে।
name-too-many-bytes = এত লম্বা নাম রাখা যাবে না।
name-control = নামে কন্ট্রোল অক্ষর বা লাইন ব্রেক থাকতে পারে না।
name-bidi = নামে লেখার দিক বদলে দেয় এমন অক্ষর থাকতে পারে না।
name-invisible = নামে অন্তত একটি চোখে দেখা যায় এমন অক্ষর বা চিহ্ন থাকতে হবে।
name-hidden = নামে অদৃশ্য অক্ষর (যেমন জিরো-উইডথ স্পেস) থাকতে পারে না।
name-mixed-scripts = নামে লাতিন অক্ষরের সঙ্গে দেখতে একই রকম সিরিলিক বা গ্রিক অক্ষর মেশানো যাবে না।
name-reserved = এই নামটি কম্পিউটার খেলোয়াড়ের নামের মতো দেখায়: অন্য নাম বেছে নিন।
name-cut = নামে সর্বোচ্চ { $count }টি অক্ষর থাকতে পারে: বাকিটা বাদ দেওয়া হয়েছে।
name-changed = এখন আপনার নাম { $name }।
name-not-saved = আপনার নাম সংরক্ষণ করা যায়নি: { $why }

## প্রতিপক্ষের প্রস্তাব

offer-draw = আপনার প্রতিপক্ষ ড্রয়ের প্রস্তাব দিয়েছেন।
offer-takeback = আপনার প্রতিপক্ষ তাঁর শেষ চাল ফেরত নিতে চান।
offer-rematch = আপনার প্রতিপক্ষ আবার খেলার প্রস্তাব দিয়েছেন।

## ইঞ্জিনের সাহায্য

help-no-game = পর্দায় কোনো খেলা নেই।
help-not-while-watching = খেলা চলার সময় ইঞ্জিনের সাহায্য পাওয়া যায় না: খেলা শেষ হলে বিশ্লেষণ করুন।
help-not-against-person = মানুষের বিরুদ্ধে খেলায় ইঞ্জিনের সাহায্য নেই: ইঙ্গিত শুধু কম্পিউটারের সঙ্গে খেলার জন্য।
help-needs-server = ইঙ্গিত আসে সার্ভারের ইঞ্জিন থেকে: ইঙ্গিত পেতে একটি সার্ভারে সংযোগ করুন।

## জানালা বা ট্যাবের শিরোনাম

title-your-move = আপনার চাল: { $game } - চৌপাল
title-game = { $game } - চৌপাল
title-replay = রিপ্লে: { $game } - চৌপাল
title-rules = { $game } খেলার নিয়ম - চৌপাল
title-plain = চৌপাল

## সার্ভার না থাকলে যা করা যায় না

needs-server = { $what }: এর জন্য সার্ভার লাগে, কিন্তু এই ক্লায়েন্ট কোনো সার্ভারে সংযুক্ত নয়। ততক্ষণ এই কম্পিউটারে খেলুন, অথবা সংযোগের জন্য অপেক্ষা করুন।
doing-cancel-seek = আহ্বান বাতিল করা
doing-exhibition = কম্পিউটারের নিজের সঙ্গে খেলা দেখা
doing-play-friend = বন্ধুর সঙ্গে খেলা
doing-join-friend = বন্ধুর খেলায় যোগ দেওয়া
doing-accept-seek = আহ্বান গ্রহণ করা
doing-watch = খেলা দেখা
doing-replay-server = সার্ভার থেকে খেলার রিপ্লে
doing-play-computer = কম্পিউটারের সঙ্গে খেলা
doing-offer-anyone = যে কাউকে খেলার আহ্বান জানানো
doing-analysis = বিশ্লেষণ

## খেলা ও লবি নিয়ে বিজ্ঞপ্তি

notice-type-code-first = আগে বন্ধুর দেওয়া আমন্ত্রণ কোডটি লিখুন।
notice-draw-offered = ড্রয়ের প্রস্তাব দেওয়া হয়েছে।
notice-game-goes-on = আপনার খেলা চলছে, আপনার ঘড়িও চলছে: লবির চলমান খেলা থেকে খেলায় ফিরে যান।
notice-code-copied = আমন্ত্রণ কোড ক্লিপবোর্ডে রাখা হয়েছে: { $code }
notice-link-copied = আমন্ত্রণ লিংক ক্লিপবোর্ডে রাখা হয়েছে: { $link }
notice-device-link-copied = লিংকটি ক্লিপবোর্ডে রাখা হয়েছে: দশ মিনিটের মধ্যে অন্য ডিভাইসে এটি খুলুন।
notice-device-code-shape = ডিভাইস কোডে আটটি অক্ষর ও অঙ্ক থাকে, অন্য ডিভাইস যেমন দেখায় (XXXX-XXXX)।
notice-looking-back-start = আপনি শুরুর অবস্থান দেখছেন: এখান থেকে চাল দেওয়া যায় না। খেলা চালিয়ে যেতে End বা “সর্বশেষ চাল” চাপুন।
notice-looking-back = আপনি { $ply } নম্বর চালে ফিরে দেখছেন: এখান থেকে চাল দেওয়া যায় না। খেলা চালিয়ে যেতে End বা “সর্বশেষ চাল” চাপুন।
notice-link-offline = ওই লিংকটি সার্ভারের একটি খেলার, আর এই ক্লায়েন্ট অফলাইনে খেলছে।
notice-rules-clash = এই নিয়মগুলো একসঙ্গে চলে না: { $why }
notice-move-refused = এই চাল দেওয়া যাবে না: { $why }
notice-takeback-asked = আপনি শেষ চাল ফেরত চেয়েছেন: আপনার প্রতিপক্ষ সিদ্ধান্ত নেবেন।
notice-no-takeback = ফেরত নেওয়ার মতো কোনো চাল নেই।
notice-takeback-failed = চাল ফেরত নেওয়া গেল না: { $why }
notice-rematch-offered = আবার খেলার প্রস্তাব দেওয়া হয়েছে।
notice-no-replay = এই খেলার রিপ্লে সম্ভব নয়: { $why }
notice-device-linked = এই ডিভাইস এখন { $name } হিসেবে খেলছে, তাঁর খেলা ও রেটিং সহ।
notice-shared-link-copied = লিংকটি ক্লিপবোর্ডে রাখা হয়েছে: { $link }
notice-not-sent = এই মুহূর্তে সার্ভারের সঙ্গে সংযোগ নেই: সংযোগ ফিরে না আসা পর্যন্ত এটি অপেক্ষা করবে।
notice-invite-ready = আপনার ব্যক্তিগত খেলা তৈরি। বন্ধুকে আমন্ত্রণ কোড { $code } দিন: বন্ধু যোগ দিলেই খেলা শুরু হবে।
notice-seek-open = আপনার আহ্বান খোলা আছে: কেউ গ্রহণ করলেই খেলা শুরু হবে।
notice-no-suggestion = এখানে ইঞ্জিনের সুপারিশ করার মতো কোনো চাল নেই।
notice-game-kept = { $reason } আপনার খেলা সার্ভারে রাখা আছে: ক্লায়েন্ট নিজেই আবার সংযোগ করে খেলাটি ফিরিয়ে আনবে।
notice-opponent-lost = আপনার প্রতিপক্ষের সংযোগ বিচ্ছিন্ন হয়েছে।
notice-opponent-lost-claim = আপনার প্রতিপক্ষের সংযোগ বিচ্ছিন্ন হয়েছে। তিনি না ফিরলে { $seconds } সে. পরে আপনি জয় দাবি করতে পারবেন।
notice-opponent-back = আপনার প্রতিপক্ষ ফিরে এসেছেন।
notice-resync = খেলাটি আবার মিলিয়ে নেওয়া হচ্ছে ({ $why })।
# ইংরেজিতে $many "yes" হয় যখন $who অনেক গুটির পক্ষ (বাঘ, ছাগল), যাতে ক্রিয়া মেলে।
# বাংলায় ক্রিয়া বদলায় না, তাই এখানে $many লাগে না।
notice-draw-offered-by = { $who } ড্রয়ের প্রস্তাব দিয়েছে।
notice-draw-declined = আপনার ড্রয়ের প্রস্তাব প্রত্যাখ্যান করা হয়েছে।
notice-berserk-you = আপনি বারসার্ক হলেন: অর্ধেক সময়, কোনো বাড়তি সময় নেই; ৭ বা তার বেশি চালের জয়ে এক পয়েন্ট বেশি।
notice-berserk-by = { $who } বারসার্ক হলেন: অর্ধেক সময়, কোনো বাড়তি সময় নেই।
notice-takeback-declined = আপনার চাল ফেরতের অনুরোধ প্রত্যাখ্যান করা হয়েছে।
notice-taken-back = { $count }টি চাল ফেরত নেওয়া হয়েছে।
notice-rematch-declined = আবার খেলার প্রস্তাব প্রত্যাখ্যান করা হয়েছে।

## যে লিংক কোথাও নিয়ে যায় না, তার কার্ডে

broken-invite = আমন্ত্রণ কোড { $code } দিয়ে কোনো খেলা অপেক্ষা করছে না: হয়তো কোডটি আগেই ব্যবহার বা বাতিল হয়েছে। বন্ধুর কাছে নতুন লিংক চেয়ে নিন।
broken-invite-shape = { $code } আমন্ত্রণ কোড নয়: আমন্ত্রণ কোডে আটটি অক্ষর ও অঙ্ক থাকে (XXXX-XXXX), বন্ধুর লিংকে যেমন থাকে।
broken-game = খেলা { $id } খোলা যাচ্ছে না। ({ $said })
broken-replay = খেলা { $id } রিপ্লে করা যাচ্ছে না। ({ $said })
broken-device = ডিভাইস কোড { $code } কাজ করছে না: একটি কোড একবারই, দশ মিনিটের জন্য চলে। অন্য ডিভাইসে নতুন কোড চেয়ে নিন।

## আসন, পালা ও ফলাফল

who-with-side = { $name } ({ $side })
seat-rated = { $name } ({ $rating })
ai-level = এআই স্তর { $level }
# ইংরেজিতে $many "yes" হয় যখন $who অনেক গুটির পক্ষ ("বাঘ"), যাতে ক্রিয়া মেলে। বাংলায় লাগে না।
turn-to-move = { $who } চাল দেবে
turn-moves-again = { $who } আবার চাল দেবে
status-sending = { $whose }: চাল পাঠানো হচ্ছে...
status-jump-on = { $whose }: আরও লাফ দিন, বা থামতে গুটিটিতে ক্লিক করুন
status-capture-goes-on = { $whose }: খাওয়া চালিয়ে যেতেই হবে
moves-then = { $first }, তারপর { $next }
turn-sowed = { $who } বুনেছে: ঘর { $moves }
turn-played = { $who } চাল দিয়েছে: { $moves }
turn-captured = { $turn }, { $captures }
captures-seeds = { $count }টি বীজ দখল করেছে
captures-goats = { $count }টি ছাগল খেয়েছে
captures-animals = { $count }টি প্রাণী খেয়েছে
captures-soldiers = { $count }টি গুটি খেয়েছে
counter-goats-placed = বসানো ছাগল
counter-of = { $total }-এর মধ্যে { $count }
counter-goats-captured = খাওয়া ছাগল
counter-tigers-trapped = আটকা বাঘ
counter-store = { $side } পক্ষের ভান্ডার
counter-store-seeds = { $store } (ঘরে { $houses })
counter-pieces = { $side } পক্ষের গুটি
counter-moves = চালের সংখ্যা
result-wins = { $who } জিতেছে
result-draw = ড্র
result-aborted = বাতিল
result-with-reason = { $result }: { $why }
result-draw-agreed-here = সম্মতিতে ড্র
reason-resigned = { $side } হার মেনেছে
reason-resignation = হার মানা
reason-timeout = সময় শেষ
reason-agreed = সম্মতিতে
reason-abandoned = অন্য খেলোয়াড় খেলা ছেড়ে চলে গেছেন
reason-aborted = খেলা বাতিল করা হয়েছে
end-capture-target = বাঘ যথেষ্ট ছাগল খেয়েছে
end-no-legal-move = কোনো বৈধ চাল নেই
end-repetition = একই অবস্থান তৃতীয়বার
end-no-capture-limit = না খেয়ে অনেক বেশি চাল
end-den-entered = একটি প্রাণী গুহায় ঢুকেছে
end-all-captured = প্রতিপক্ষের সব গুটি খাওয়া হয়েছে
end-seeds-counted = বীজ গোনা হয়েছে

## ঘড়ি ও কম্পিউটার খেলোয়াড়

clock-none = ঘড়ি নেই
clock-minutes = { $count } মি.
clock-seconds = { $count } সে.
clock-increment = { $initial } + { $increment }
engine-named = { $name }, গভীরতা { $depth }

## সার্ভার অস্বীকার করার সময় খেলোয়াড় যা করছিলেন ("খেলায় যোগ দেওয়া: ...")

asked-hello = সংযোগ
asked-create = খেলা শুরু
asked-join = খেলায় যোগ দেওয়া
asked-accept = আহ্বান গ্রহণ
asked-watch = খেলা দেখা
asked-rejoin = আপনার খেলায় ফেরা
asked-subscribe = লবি খোলা
asked-move = আপনার চাল
asked-hint = ইঙ্গিত
asked-analyse = বিশ্লেষণ
asked-finished = আপনার খেলার তালিকা
asked-record = খেলা লোড করা
asked-review = পর্যালোচনা
asked-cancel-seek = আহ্বান বাতিল
asked-resign = হার মানা
asked-berserk = বারসার্ক
asked-offer-draw = ড্রয়ের প্রস্তাব
asked-accept-draw = ড্র মেনে নেওয়া
asked-decline = প্রত্যাখ্যান
asked-takeback = চাল ফেরতের অনুরোধ
asked-accept-takeback = চাল ফেরত মেনে নেওয়া
asked-offer-rematch = আবার খেলার প্রস্তাব
asked-accept-rematch = আবার খেলা মেনে নেওয়া
notice-no-show = এই খেলা দেখানো যাচ্ছে না: { $why }

## লবিতে শেষ হওয়া খেলা

finished-aborted = বাতিল
finished-won = { $name } জিতেছে
finished-draw = ড্র
finished-unfinished = অসমাপ্ত

## সংযোগের সমস্যা

closed-with-code = সার্ভার সংযোগ বন্ধ করে দিয়েছে। { $why }
closed-with-reason = সার্ভার সংযোগ বন্ধ করে দিয়েছে: { $reason }।
closed = সার্ভার সংযোগ বন্ধ করে দিয়েছে।
not-reached = { $url } ঠিকানার সার্ভার সাড়া দিচ্ছে না। সেটি কি চালু আছে?
not-allowed-here = এই সার্ভার { $page } ঠিকানার পাতা থেকে খেলোয়াড় নেয় না। সঠিক ঠিকানার জন্য এর পরিচালককে জিজ্ঞেস করুন।
not-allowed-here-go = এই সার্ভার { $page } ঠিকানার পাতা থেকে খেলোয়াড় নেয় না। তার বদলে { $allowed } খুলুন।
connection-lost = সার্ভারের সঙ্গে সংযোগ হারিয়ে গেছে।
refused = { $url } ঠিকানার সার্ভার সাড়া দিচ্ছে না (সেখানে কেউ শুনছে না)। সেটি কি চালু আছে?
timed-out = { $url } ঠিকানার সার্ভার সময়মতো সাড়া দেয়নি।
connection-cut = সার্ভারের সঙ্গে সংযোগ কেটে গেছে।
not-found = সার্ভার { $url } খুঁজে পাওয়া যাচ্ছে না: ঠিকানাটি দেখে নিন।
unreachable = { $url } ঠিকানার সার্ভারে পৌঁছানো যাচ্ছে না ({ $why })।
tls-failed = { $url } ঠিকানায় সুরক্ষিত সংযোগ ব্যর্থ হয়েছে ({ $why }): দেখে নিন সার্ভারটি সেখানে wss:// দেয় কি না, আর তার সার্টিফিকেট ওই নামের জন্য বৈধ কি না।
not-chaupal = { $url } ঠিকানায় কিছু একটা সাড়া দিয়েছে, কিন্তু সেটি চৌপালের সার্ভার নয় (HTTP { $status })।
not-accepted = { $url } ঠিকানার সার্ভার সংযোগ গ্রহণ করেনি ({ $why })।
greeting-late = { $url } ঠিকানার সার্ভার সময়মতো সম্ভাষণ শেষ করেনি।
connection-failed = সার্ভারের সঙ্গে সংযোগ ব্যর্থ হয়েছে ({ $why })।
connection-broke = সার্ভারের সঙ্গে সংযোগ মাঝপথে ভেঙে গেছে ({ $why })।
message-too-large = সার্ভার এত বড় বার্তা পাঠিয়েছে যে পড়া যাচ্ছে না।

## সার্ভার যা মানেনি

error-while = { $what }: { $error }
error-version = এই ক্লায়েন্ট আর সার্ভার প্রোটোকলের আলাদা সংস্করণ ব্যবহার করছে: ক্লায়েন্ট আপডেট করুন।
error-misunderstood = ক্লায়েন্ট আর সার্ভার একে অপরকে বুঝতে পারেনি ({ $why })। আবার সংযোগ করলে ঠিক হওয়ার কথা।
error-bad-device-code = অন্য ডিভাইসের ওই কোডটি অজানা, আগেই ব্যবহৃত বা মেয়াদোত্তীর্ণ: ওই ডিভাইস থেকে নতুন কোড নিন।
error-too-large = বার্তাটি সার্ভারের জন্য খুব বড় ছিল।
error-rate-limited = একসঙ্গে অনেক বেশি অনুরোধ: একটু অপেক্ষা করে আবার চেষ্টা করুন।
error-too-many-connections = এই কম্পিউটার থেকে অনেক বেশি সংযোগ: চৌপালের অন্য একটি উইন্ডো বন্ধ করুন।
error-timeout = সার্ভার এই ক্লায়েন্টের জন্য আর অপেক্ষা করেনি; আবার সংযোগ হচ্ছে।
error-shutting-down = সার্ভার বন্ধ হচ্ছে; সেটি ফিরে এলে ক্লায়েন্ট আবার সংযোগ করবে।
error-unknown-token = সার্ভার এই কম্পিউটারের খেলোয়াড়কে চিনতে পারেনি, তাই আপনি নতুন খেলোয়াড় হিসেবে চালিয়ে যাচ্ছেন।
error-bad-name = সার্ভার এই নাম গ্রহণ করে না: { $why }।
error-too-many-games = সার্ভারে যতগুলো খেলা ও আহ্বান খোলা রাখা যায়, আপনার ততগুলোই খোলা আছে: আগে একটি শেষ বা বাতিল করুন।
error-no-such-seek = ওই আহ্বানটি আর নেই: অন্য কেউ নিয়েছেন, বা এটি বাতিল হয়েছে।
error-bad-invite-code = এই আমন্ত্রণ কোডের কোনো খেলা নেই: বন্ধুর সঙ্গে কোডটি মিলিয়ে নিন।
error-bad-rules = সার্ভার এই নিয়মগুলো গ্রহণ করে না: { $why }।
error-bad-setup = সার্ভার এই খেলাটি সাজাতে পারছে না: { $why }।
error-no-such-game = ওই খেলাটি আর সার্ভারে নেই।
error-no-such-player = এমন কোনো খেলোয়াড় নেই।
error-not-your-seat = এই খেলায় এটি আপনার আসন নয়।
error-not-your-turn = এখন অন্য পক্ষের পালা, আপনার নয়।
error-stale-move = আপনার চাল পৌঁছানোর আগেই খেলা এগিয়ে গেছে, তাই চালটি দেওয়া হয়নি; বোর্ডে খেলার এখনকার অবস্থা দেখা যাচ্ছে।
error-illegal-move = সার্ভার চালটি গ্রহণ করেনি: { $why }।
error-game-over = খেলা আগেই শেষ হয়ে গেছে।
error-no-offer = উত্তর দেওয়ার মতো কোনো প্রস্তাব আর নেই।
error-not-allowed = এখন এটি করা যাবে না: { $why }।
error-ai-busy = কম্পিউটার খেলোয়াড়েরা সবাই ব্যস্ত: একটু পরে আবার চেষ্টা করুন।
error-ai-error = কম্পিউটার খেলোয়াড় ব্যর্থ হয়েছে: { $why }।
error-bad-record = এই খেলার রেকর্ড পড়া যাচ্ছে না: { $why }।
error-not-finished = খেলা শেষ হলে তবেই পর্যালোচনা করা যায়।
error-private-game = এটি অন্য কারও ব্যক্তিগত খেলা: শুধু এর খেলোয়াড়েরা আর যাদের তাঁরা লিংক পাঠিয়েছেন তাঁরাই দেখতে পারেন।
error-too-many-reviews = সার্ভার এখন সর্বোচ্চ সংখ্যক পর্যালোচনা নিয়ে ব্যস্ত: একটি শেষ হলে আবার চেষ্টা করুন।
error-storage = সার্ভার এটি সংরক্ষণ করতে পারেনি; কিছুই বদলায়নি। আবার চেষ্টা করুন।
error-unavailable = খেলাটি অন্য সার্ভারে সরানো হচ্ছে; কিছুই বদলায়নি। একটু পরে আবার চেষ্টা করুন।
error-outcome-unknown = খেলার সার্ভার উত্তর দেওয়ার আগেই থেমে গেছে; আপনার চাল দেওয়া হয়েছে কি না, বোর্ডে দেখা যাবে।
error-internal = সার্ভারে কিছু একটা গোলমাল হয়েছে; কিছুই বদলায়নি। আবার চেষ্টা করুন।
error-no-such-tournament = এমন কোনো টুর্নামেন্ট নেই, বা এর কোড ভুল: লিংকটি মিলিয়ে নিন।
error-tournament-over = এই টুর্নামেন্টটি শেষ হয়ে গেছে।
error-already-entered = আপনি আগে থেকেই এই টুর্নামেন্টে আছেন।
error-not-entered = আপনি এই টুর্নামেন্টে নেই।

## পর্যালোচনা

review-server-only = পর্যালোচনা করে সার্ভারের ইঞ্জিন: শুধু সার্ভারে খেলা খেলারই পর্যালোচনা করা যায়।
doing-review = পর্যালোচনা
doing-play-from-here = এখান থেকে কম্পিউটারের সঙ্গে খেলা
review-misfit = পর্যালোচনায় { $covered }টি চাল আছে, আর এই খেলায় আছে { $moves }টি: তাই এটি দেখানো যাচ্ছে না।
review-over-here = এই অবস্থানে খেলা শেষ: এখান থেকে খেলতে আগের কোনো চাল বেছে নিন।
review-asking = সার্ভারের কাছে পর্যালোচনা চাওয়া হচ্ছে...
review-analysing = বিশ্লেষণ চলছে: { $total }টি অবস্থানের মধ্যে { $analysed }টি

## সার্ভারের ঠিকানা ও ক্লায়েন্টের নিজের সমস্যা

address-not-ws = { $url } সার্ভারের ঠিকানা নয়: এটি দেখতে ws://127.0.0.1:7878 এর মতো হওয়া উচিত (এনক্রিপ্ট করা সংযোগের জন্য wss://example.org)
address-with-user = { $url }: সার্ভারের ঠিকানায় কোনো ব্যবহারকারীর নাম বা পাসওয়ার্ড থাকে না
address-bad-port = { $url }: “{ $port }” কোনো পোর্ট নম্বর নয়
address-unclosed = { $url }: [ ] বন্ধনীর ঠিকানাটি বন্ধ করা হয়নি
address-trailing = { $url }: ঠিকানার পরে “{ $after }” অর্থহীন
address-no-server = { $url } কোনো সার্ভারের নাম দেয় না
problem-no-thread = ক্লায়েন্ট তার নেটওয়ার্ক থ্রেড চালু করতে পারেনি ({ $detail })।
problem-unreadable = সার্ভার এমন কিছু পাঠিয়েছে যা এই ক্লায়েন্ট পড়তে পারে না ({ $detail })।
problem-not-sent = এই অনুরোধটি পাঠানো যায়নি ({ $detail })।

## সংযোগের পর্দা

connect-title-offline = আপনি অফলাইনে আছেন
connect-title-unreachable = সার্ভারে পৌঁছানো যাচ্ছে না
connect-title-not-allowed = এই ঠিকানা অনুমোদিত নয়
connect-title-connecting = সার্ভারের সঙ্গে সংযোগ হচ্ছে
connect-about = এই ডিভাইসে দুজনের পালা করে খেলা সংযোগ ছাড়াই চলে; বন্ধু বা কম্পিউটারের সঙ্গে খেলতে আর খেলা দেখতে সংযোগ লাগে।
connect-no-network = এই ডিভাইসে নেটওয়ার্ক নেই। নেটওয়ার্ক ফিরে এলে ক্লায়েন্ট নিজেই সংযোগ করবে।
connect-try-now = এখনই আবার চেষ্টা করুন
connect-play-offline = অফলাইনে খেলুন

## নিয়মের বিকল্প, নিয়মের পর্দা ও খেলার পদ্ধতি

rule-captures-to-win = জিততে কটি খেতে হবে
rule-repetition = পুনরাবৃত্তি
rule-pits = প্রতি পক্ষে ঘর
rule-seeds = প্রতি ঘরে বীজ
rule-empty-capture = একা বীজেও দখল
rule-board = বোর্ড
rule-capture = খাওয়া
rules-baghchal-1 = রেখা-আঁকা 5 x 5 বোর্ডে চারটি বাঘ বিশটি ছাগল শিকার করে।
rules-baghchal-2 = ছাগল আগে চাল দেয়। হাতে ছাগল থাকা পর্যন্ত ছাগলের প্রতিটি পালায় যেকোনো খালি বিন্দুতে একটি ছাগল বসানো হয়; বিশটি ছাগলই বসানো হয়ে গেলে, একটি ছাগল রেখা ধরে পাশের একটি খালি বিন্দুতে সরে।
rules-baghchal-3 = বাঘ রেখা ধরে পাশের বিন্দুতে সরে, অথবা ঠিক পাশের একটি ছাগলকে ডিঙিয়ে তার ঠিক পরের খালি বিন্দুতে লাফিয়ে গিয়ে ছাগলটিকে খেয়ে ফেলে। বাঘ কখনো বাঘকে ডিঙায় না; খাওয়া ঐচ্ছিক।
rules-baghchal-4 = কোনাকুনি রেখা শুধু একটি বাদে একটি বিন্দু দিয়ে যায়, যেমন আঁকা আছে।
rules-baghchal-5 = পঞ্চম ছাগলটি খেলেই বাঘ জেতে (এটি নিয়মের একটি বিকল্প)। বাঘের চালের পালায় বাঘেরা আটকা পড়ে নড়তে না পারলে ছাগল জেতে।
rules-baghchal-6 = একই অবস্থান তৃতীয়বার হলে খেলা ড্র (অথবা, বিকল্প নিয়মে, সব ছাগল বসানো হয়ে গেলে কোনো অবস্থান আর একবারও ফিরিয়ে আনা যায় না)।
rules-kalah-1 = প্রতি পক্ষের এক সারি ঘর আর তার ডান দিকে একটি ভান্ডার থাকে; শুরুতে প্রতিটি ঘরে সমান সংখ্যক বীজ থাকে।
rules-kalah-2 = নিজের পালায়, আপনার একটি ঘরের সব বীজ তুলে নিয়ে ঘড়ির কাঁটার উল্টো দিকে একটি একটি করে বুনে যান: আপনার ঘরগুলোতে, আপনার ভান্ডারে, অন্য পক্ষের ঘরগুলোতে (অন্য ভান্ডারে কখনো নয়)।
rules-kalah-3 = শেষ বীজটি নিজের ভান্ডারে পড়লে: আবার চাল দিন।
rules-kalah-4 = শেষ বীজটি নিজের কোনো খালি ঘরে পড়লে: সেই বীজ আর উল্টো দিকের ঘরের সব বীজ আপনার ভান্ডারে যায় (যদি উল্টো দিকের ঘরে বীজ থাকে)।
rules-kalah-5 = যেকোনো এক পক্ষের সব ঘর খালি হলে, প্রতি পক্ষ তার বাকি বীজ নিজের ভান্ডারে যোগ করে। যার বীজ বেশি, সে জেতে।
rules-jungle-1 = প্রতি পক্ষের আটটি প্রাণী; বেশি শক্তির প্রাণী কম শক্তির প্রাণীকে খেতে পারে: হাতি 8, সিংহ 7, বাঘ 6, চিতাবাঘ 5, নেকড়ে 4, কুকুর 3, বিড়াল 2, ইঁদুর 1।
rules-jungle-2 = প্রতি চালে একটি প্রাণী উপরে, নিচে বা পাশে এক ঘর সরে। কোনো প্রাণী নিজের গুহায় ঢোকে না।
rules-jungle-3 = শুধু ইঁদুর সাঁতার কাটে। সিংহ আর বাঘ সোজা লাইনে লাফিয়ে নদী পার হয়, যদি না পথে কোনো ইঁদুর থাকে।
rules-jungle-4 = সমান বা কম শক্তির শত্রু প্রাণীর ঘরে গিয়ে তাকে খাওয়া যায়; ইঁদুর হাতিকে খেতে পারে, কিন্তু হাতি কখনো ইঁদুরকে খেতে পারে না। নদী আর ডাঙার মধ্যে খাওয়া যায় না।
rules-jungle-5 = আপনার কোনো ফাঁদে থাকা শত্রুকে আপনার যেকোনো প্রাণী খেতে পারে।
rules-jungle-6 = শত্রুর গুহায় ঢুকলে বা শত্রুর সব প্রাণী খেয়ে ফেললে জয়। ছোট বোর্ডটি 5 x 7 মাপের, তাতে প্রতি পক্ষে চারটি প্রাণী।
rules-sholo-guti-1 = 37টি বিন্দুর বোর্ডে প্রতি পক্ষে ষোলোটি গুটি: মাঝে 5 x 5 ক্ষেত্র, দুই প্রান্তে একটি করে ত্রিভুজ।
rules-sholo-guti-2 = গুটি রেখা ধরে পাশের একটি খালি বিন্দুতে সরে।
rules-sholo-guti-3 = রেখা ধরে ঠিক পাশের শত্রু গুটিকে ডিঙিয়ে তার ঠিক পরের খালি বিন্দুতে লাফিয়ে গেলে সেটিকে খাওয়া হয়; একটি খাওয়ার পর সেই গুটিই যেকোনো দিকে আবার লাফাতে পারে, আর যেকোনো খাওয়ার পরে থামতে পারে।
rules-sholo-guti-4 = বিকল্প নিয়ম: খাওয়া বাধ্যতামূলক, আর যতক্ষণ সম্ভব পরপর খেয়ে যেতে হবে।
rules-sholo-guti-5 = জিততে হলে শত্রুর সব গুটি খেয়ে ফেলুন, অথবা অন্য পক্ষকে এমন অবস্থায় ফেলুন যে সে কোনো চাল দিতে পারে না। একই অবস্থান তিনবার হলে, বা না খেয়ে 200 চাল হলে, খেলা ড্র।
example-baghchal = c3-এর বাঘ রেখা ধরে d3-এর ছাগলকে ডিঙিয়ে e3-এ নামে: ছাগলটি খাওয়া হলো। বাঘটি b3 বা c2-এর ছাগলকেও খেতে পারত।
example-kalah = দক্ষিণ 3 নম্বর ঘর বোনে: 4, 5 আর 6 নম্বর ঘরে একটি করে বীজ, আর শেষটি দক্ষিণের ভান্ডারে, তাই দক্ষিণ আবার চাল দেয়।
example-jungle = c3-এর সিংহ লাফিয়ে নদী পার হয়ে c7-এ যায়। পথে কোনো ইঁদুর সাঁতার কাটলে লাফ আটকে যেত।
example-sholo-guti = c4-এর গুটি c5-কে ডিঙিয়ে যায়, তারপর আবার d6-কে ডিঙিয়ে যায়: এক চালে দুটি খাওয়া। গুটিটি c6-এ থেমেও যেতে পারত।
how-baghchal = ছাগল বসাতে একটি খালি বিন্দুতে ট্যাপ বা ক্লিক করুন। গুটি টেনে চিহ্নিত বিন্দুতে নিন, অথবা আগে গুটিতে, তারপর বিন্দুতে ট্যাপ করুন।
how-kalah = বুনতে আপনার একটি ঘরে ট্যাপ বা ক্লিক করুন।
how-jungle = প্রাণী টেনে চিহ্নিত ঘরে নিন, অথবা আগে প্রাণীটিতে, তারপর ঘরে ট্যাপ করুন।
how-sholo-guti = গুটি টেনে চিহ্নিত বিন্দুতে নিন, অথবা আগে গুটিতে, তারপর বিন্দুতে ট্যাপ করুন; পরপর খাওয়ার সময় নামার প্রতিটি বিন্দুতে একে একে ট্যাপ করুন, অথবা থামতে আবার গুটিতে ট্যাপ করুন।
rule-value-on = চালু
rule-value-off = বন্ধ
rule-value-draw = ড্র
rule-value-forbidden = নিষিদ্ধ
rule-value-standard = প্রচলিত
rule-value-small = ছোট
rule-value-optional = ঐচ্ছিক
rule-value-compulsory = বাধ্যতামূলক
rule-changed = { $rule }: { $value }

## কয়েকটি পর্দায় যা একই

back = ফিরে যান
rules-here = এখানে কীভাবে খেলবেন
game-with-rules = { $game } ({ $rules })
hint-best-move = সেরা চাল: { $best }
hint-chances = { $side }: জয়ের সম্ভাবনা { $percent }%
moves-none = এখনো কোনো চাল হয়নি
brand = চৌপাল
screen-connecting = সংযোগ হচ্ছে
screen-lobby = লবি
screen-review = পর্যালোচনা
screen-replay = রিপ্লে
screen-rules = { $game } খেলার নিয়ম
replay = রিপ্লে
rematch = আবার খেলা
review = পর্যালোচনা
lobby = লবি

## লবি

broken-title = এই লিংকটি কাজ করছে না
broken-to-lobby = লবিতে যান
close = বন্ধ করুন
copy-link = লিংক কপি
copy-code = কোড কপি
invite-title = আপনার ব্যক্তিগত খেলা তৈরি
invite-note = বন্ধু যোগ দিলেই খেলা শুরু হবে। এই কার্ডটি বন্ধ করতে পারেন: কোডটি লবিতে থেকে যাবে।
invite-send-link = বন্ধুকে এই লিংকটি পাঠান:
invite-or-code = অথবা এই কোডটি বলুন:
invite-code = বন্ধুকে এই কোডটি বলুন:
invitation-title = খেলার আমন্ত্রণ
invitation-from = { $name } আপনাকে { $game } খেলতে আমন্ত্রণ জানিয়েছেন।
invitation-pace = গতি: { $pace }
invitation-rated = রেটেড: ফলাফলে আপনার রেটিং বদলাবে।
invitation-casual = সাধারণ: রেটিং বদলাবে না।
invitation-you-play = আপনি { $side } হয়ে খেলবেন।
invitation-sides-random = পক্ষ এলোমেলোভাবে ঠিক হবে।
invitation-rules = ভিন্ন নিয়ম:
broken-invite-own = এটি আপনার নিজের আমন্ত্রণ: এর লিংক কোনো বন্ধুকে পাঠান। বন্ধু গ্রহণ করলেই খেলা শুরু হবে।
notice-invitation-declined = { $name } আপনার আমন্ত্রণ ({ $code }) প্রত্যাখ্যান করেছেন।
devices-title = অন্য ডিভাইসে খেলুন
devices-note = অন্য ডিভাইসে লিংকটি খুলুন, অথবা সেখানে “অন্য ডিভাইসে খেলুন”-এর নিচে কোডটি লিখুন। এটি একবারই কাজ করবে, পরের { $minutes } মিনিটের মধ্যে।
devices-asking = সার্ভারের কাছে কোড চাওয়া হচ্ছে...
devices-enter = অন্য ডিভাইসের কোড আছে? সেই খেলোয়াড় হিসেবে এখানে খেলতে কোডটি লিখুন:
devices-use-code = কোড ব্যবহার করুন
lists-seeks = খোলা আহ্বান
lists-not-connected = কোনো সার্ভারে সংযোগ নেই। সংযোগ হলে খোলা আহ্বান আর দেখার মতো চলমান খেলা এখানে দেখা যাবে।
lists-no-seeks = এই মুহূর্তে কেউ খেলার অপেক্ষায় নেই।
lists-no-clock = ঘড়ি নেই
lists-rated = রেটেড
lists-casual = সাধারণ
lists-your-seek = { $who } (আপনার আহ্বান)
lists-cancel = বাতিল
lists-play = খেলুন
lists-live = চলমান খেলা
lists-no-live = এখন কোনো খেলা চলছে না।
lists-versus = { $first } বনাম { $second }
lists-exhibition = { $game } (এআই বনাম এআই)
lists-at-move = চাল { $count }
lists-resume = চালিয়ে যান
lists-watch = দেখুন
lists-finished = আপনার শেষ হওয়া খেলা
lists-no-finished = সার্ভারে যে খেলা শেষ করবেন, এখান থেকে তার রিপ্লে দেখা যাবে।
lists-moves = { $count }টি চাল
choices-both-here = দুই পক্ষই এই পর্দায়: বোর্ডে পালা করে খেলুন।
choices-seek-listed = আপনার আহ্বান সব লবিতে দেখানো হচ্ছে; কেউ গ্রহণ করলেই খেলা শুরু হবে।
choices-sound-on = শব্দ: চালু
choices-sound-off = শব্দ: বন্ধ
choices-change-name = নাম বদলান
choices-you = আপনি
choices-you-named = আপনি: { $name }
choices-name = নাম
choices-keep = রাখুন
choices-name-hint = আপনার নাম
choices-game = খেলা বেছে নিন
mode-here = এই ডিভাইসে
mode-computer = কম্পিউটার
mode-friend = বন্ধু
mode-anyone = যে কেউ
choices-you-play = আপনার পক্ষ
choices-either = যেকোনো
level-of = { $levels }-এর মধ্যে { $level } ({ $rating })
engine-level = স্তর 1–{ $levels }
choices-engine = ইঞ্জিন
choices-level = স্তর
choices-depth = গভীরতা
choices-exhibition = কম্পিউটারের নিজের সঙ্গে খেলা দেখুন
choices-your-code = কোড:
choices-friends-code = বন্ধুর আমন্ত্রণ কোড:
choices-join = যোগ দিন
choices-code-hint = বন্ধুর কোড
choices-rules = নিয়ম
start-here = খেলা শুরু করুন
start-computer = কম্পিউটারের সঙ্গে খেলুন
start-friend = ব্যক্তিগত খেলা তৈরি করুন
start-anyone = খেলার আহ্বান জানান
choices-clock = ঘড়ি
choices-increment = প্রতি চালে যোগ
choices-increment-value = +{ $count } সে.
choices-untimed = সময়সীমা নেই
choices-casual = সাধারণ
choices-rated = রেটেড
choices-no-clock = নেই

## খেলার পর্দা

player-computer = কম্পিউটার
player-to-move = চালের পালা
play-latest = সর্বশেষ চাল
play-back = < চাল
play-forward = চাল >
play-more = আরও
play-stop-chain = খাওয়া এখানে থামান
play-resign-yes = হ্যাঁ, হার মানছি
play-keep-playing = খেলা চালিয়ে যান
play-accept = গ্রহণ
play-decline = প্রত্যাখ্যান
play-flip = বোর্ড ঘোরান
play-analyse = বিশ্লেষণ
play-take-back = চাল ফেরত
play-hint = ইঙ্গিত
play-offer-draw = ড্রয়ের প্রস্তাব
play-resign = হার মানুন
play-berserk = বারসার্ক
play-share = শেয়ার
play-resign-question = এই খেলায় হার মানবেন? এটি হার হিসেবে গণ্য হবে।
looking-at-start = শুরুর অবস্থান
looking-at-move = { $count }টির মধ্যে { $ply } নম্বর চাল
looking-back = আপনি ফিরে দেখছেন: { $at }। এখানে চাল দেওয়া যায় না: End বা “{ play-latest }” চাপলে ফিরে আসবেন।
game-number = খেলা { $id }
you-are-watching = আপনি দেখছেন (মোট { $count } জন)
watching-count = { $count } জন দেখছেন

## রিপ্লে ও পর্যালোচনা

replay-start = শুরু
replay-after-move = { $count }টির মধ্যে { $ply } নম্বর চালের পরে
replay-play = চালান
replay-pause = থামান
replay-play-from-here = এখান থেকে এআই-এর সঙ্গে খেলুন
replay-play-from-here-short = এখান থেকে খেলুন
review-accuracy = নির্ভুলতা: { $figures }
review-ahead = { $side } এগিয়ে
review-legend-mistake = ভুল
review-legend-blunder = মারাত্মক ভুল
# ইংরেজিতে $many "yes" হয় যখন $side অনেক গুটির পক্ষ ("ছাগল")। বাংলায় "পক্ষের" লিখলেই চলে, $many লাগে না।
review-graph-caption = { $side } পক্ষের জয়ের সম্ভাবনা
review-move-shown = দেখানো চাল
review-graph-first-move = চাল { $count }
review-end = খেলার শেষ।
review-step-back = প্রতিটি চালের রায় দেখতে পিছিয়ে যান।
review-slips = { $count ->
    [0] { $side }: কোনো ভুল নেই
   *[other] { $side }: { $count }টি ভুল
}

## এই ডিভাইসের সমস্যা

problem-settings = আপনার সেটিংস পড়া বা রাখা যায়নি: { $detail }
problem-settings-invalid = সংরক্ষিত সেটিংস বৈধ নয় ({ $detail }); সেগুলো বদলে দেওয়া হবে।
problem-no-storage = এই ব্রাউজার এই পাতার জন্য কিছুই সংরক্ষণ করে না (প্রাইভেট মোড?)।
problem-no-copy = এই ব্রাউজার কপি করতে পারে না; এই নিন: { $text }
problem-not-web-address = { $url } কোনো ওয়েব ঠিকানা নয়।
problem-no-browser = ব্রাউজারে { $url } খোলা যায়নি ({ $detail })।
problem-popup = ব্রাউজার { $url } খোলেনি (পপ-আপ ব্লকার?)।
problem-font = একটি ফন্ট পড়া যায়নি: { $detail }
review-a-win = জয়
review-a-draw = ড্র
review-a-loss = হার
review-house = ঘর { $house }
value-has-won = জিতেছে
value-has-lost = হেরেছে
value-wins-in = { $count } চালে জিতবে
value-loses-in = { $count } চালে হারবে
value-draw = ড্র
value-level = সমান
value-wins-by = { $count } বীজে জিতবে
value-loses-by = { $count } বীজে হারবে
noun-the-win = জয়
noun-the-loss = হার
noun-win-in = { $count } চালে জয়
noun-loss-in = { $count } চালে হার
noun-win-by = { $count } বীজে জয়
noun-loss-by = { $count } বীজে হার
# ইংরেজিতে $many "yes" হয় যখন $side অনেক গুটির পক্ষ ("ছাগল"), যাতে শব্দ মেলে। বাংলায় লাগে না।
standing-chance = { $side } পক্ষের জয়ের সম্ভাবনা: { $percent }।
standing-draw = সেরা খেলায় ড্র।
standing-level = সমান: সেরা খেলায় ড্র।
standing-has-won = { $side } জিতেছে।
standing-has-lost = { $side } হেরেছে।
standing-wins-in = { $side } { $count } চালে জিতবে।
standing-loses-in = { $side } { $count } চালে হারবে।
standing-wins-by = { $side } { $count } বীজে জিতবে।
standing-loses-by = { $side } { $count } বীজে হারবে।
class-best = সেরা চাল
class-good = ভালো
class-inaccuracy = ছোট ভুল
class-mistake = ভুল
class-blunder = মারাত্মক ভুল
slip = { $ply }. { $move }: { $what }
slip-better = { $ply }. { $move }: { $what }; { $best } ভালো ছিল
slip-turned = { $before } হয়ে গেল { $after }
slip-gave-away = { $points }% হারিয়েছে
accuracy-side = { $side } { $value }
accuracy-line = { $first } · { $second }
verdict-head = { $ply }. { $move }: { $class }
verdict-turned-kept-win = { $before } হয়ে গেল { $after }; { $better } খেললে জয় বজায় থাকত।
verdict-turned-kept-draw = { $before } হয়ে গেল { $after }; { $better } খেললে ড্র বজায় থাকত।
verdict-turned = { $before } হয়ে গেল { $after }; { $better } ভালো ছিল।
verdict-wins-too = এতেও { $count } চালে জয়, { $better } খেললে যেমন।
verdict-wins-slower = { $was } চালের বদলে { $count } চালে জয়; { $better } খেললে আরও তাড়াতাড়ি জেতা যেত।
verdict-loses-anyway = তবু { $count } চালে হার, { $better } খেললেও যেমন।
verdict-loses-sooner = { $was } চালের বদলে { $count } চালে হার; { $better } খেললে আরও বেশিক্ষণ টেকা যেত।
verdict-wins-by-less = { $was } বীজের বদলে { $count } বীজে জয়; { $better } ভালো ছিল।
verdict-loses-by-more = { $was } বীজের বদলে { $count } বীজে হার; { $better } ভালো ছিল।
verdict-values = এখন { $before } নয়, { $after }; { $better } ভালো ছিল।
verdict-compared = { " " }({ $is } নয়, { $was })
verdict-little = 1%-এর কম হারিয়েছে; { $better } সামান্য ভালো ছিল{ $values }।
verdict-gave-away = জয়ের সম্ভাবনা { $points }% কমেছে; { $better } ভালো ছিল{ $values }।
problem-not-utf8 = সার্ভার এমন লেখা পাঠিয়েছে যা UTF-8 নয়।

## বোর্ডে গুটির গায়ের চিহ্ন (একটি অক্ষর বা ছোট একটি শব্দাংশ), আর বোর্ডের পাশের সারি

piece-label-goat = ছা
piece-label-tiger = বা
tray-in-hand = হাতে: { $count }
tray-captured = খেয়েছে: { $total }-এর মধ্যে { $count }

animal-rat = ইঁ
animal-cat = বি
animal-dog = কু
animal-wolf = নে
animal-leopard = চি
animal-tiger = বাঘ
animal-lion = সিং
animal-elephant = হা

## না দেখে বা মাউস ছাড়া খেলা: চাল লেখার ঘর, বোর্ডের কার্সর, আর স্ক্রিন রিডার যা শোনায়

move-field-label = চাল লিখুন (সাহায্যের জন্য ?)
typed-not-legal = “{ $typed }” এখানে বৈধ চাল নয়। চাল যেভাবে লেখা হয় সেভাবেই লিখুন, যেমন { $example }।
typed-not-your-turn = এখন আপনার চালের পালা নয়।
typed-game-over = খেলা শেষ হয়ে গেছে।
speech-help = চাল যেভাবে লেখা হয় সেভাবেই লিখুন, যেমন { $example }, তারপর Enter চাপুন। অথবা বোর্ড শুনতে b, ঘড়ি শুনতে c, কার পালা জানতে s লিখুন। বোর্ডে Tab চাপলে একটি কার্সর আসে: তীর-চিহ্নের কী দিয়ে সেটি সরান, Enter দিয়ে বাছুন, Escape দিয়ে ছেড়ে দিন।
speech-cursor-help = কার্সর বোর্ডে আছে: তীর-চিহ্নের কী দিয়ে সেটি সরান, Enter দিয়ে বাছুন, Escape দিয়ে ছেড়ে দিন, Tab দিয়ে বোর্ড থেকে বেরিয়ে আসুন।
speech-cell = { $cell }: { $what }
speech-empty = খালি
speech-none = নেই
speech-both = { $first }, { $second }
speech-house = { $side } পক্ষের ঘর { $house }: { $count }টি বীজ
speech-side-pieces = { $side }: { $pieces }।
speech-side-soldiers = { $side }: { $count }টি গুটি: { $pieces }।
speech-piece-at = { $piece } { $cell }
speech-goats-hand = হাতে ছাগল: { $hand }; খাওয়া হয়েছে: { $total }-এর মধ্যে { $count }।
speech-kalah-side = { $side }: ঘর { $houses }; ভান্ডার { $store }।
speech-clocks = { $first }: { $first_time }। { $second }: { $second_time }।
speech-no-clocks = এই খেলায় কোনো ঘড়ি নেই।
piece-goat = ছাগল
piece-tiger = বাঘ
piece-soldier = গুটি
piece-of-side = { $side } পক্ষের { $piece }
ground-water = নদী
ground-trap = { $side } পক্ষের ফাঁদ
ground-den = { $side } পক্ষের গুহা
animal-name-rat = ইঁদুর
animal-name-cat = বিড়াল
animal-name-dog = কুকুর
animal-name-wolf = নেকড়ে
animal-name-leopard = চিতাবাঘ
animal-name-tiger = বাঘ
animal-name-lion = সিংহ
animal-name-elephant = হাতি
speech-button = { $label }, বোতাম

## পত্রযোগে খেলা ও আপনার পালার বিজ্ঞপ্তি

choices-live = লাইভ
choices-correspondence = পত্রযোগে
choices-move-time = প্রতি চালের সময়
pace-days = প্রতি চালে { $count } দিন
pace-unlimited = সময়সীমা নেই
pace-value-days = { $count } দিন
pace-value-unlimited = সীমা নেই
span-days = { $count } দিন
span-hours = { $count } ঘণ্টা
span-minutes = { $count } মিনিট
span-two = { $larger } { $smaller }
span-under-minute = এক মিনিটেরও কম
deadline-yours = আপনার চাল: { $time } বাকি
deadline-theirs = { $who }-এর চাল: { $time } বাকি
deadline-yours-unlimited = আপনার চাল: সময়সীমা নেই
deadline-theirs-unlimited = { $who }-এর চাল: সময়সীমা নেই
deadline-up = এই চালের সময় শেষ।
my-games = আমার খেলা
my-games-none = পত্রযোগে খেলা চালের মাঝে এখানে অপেক্ষা করে: শুরু করতে "{ mode-friend }" বা "{ mode-anyone }" বেছে নিন, তারপর "{ choices-correspondence }"।
my-games-your-turn = আপনার পালা
my-games-their-turn = প্রতিপক্ষের পালা
my-games-left = { $time } বাকি
my-games-time-up = সময় শেষ
my-games-muted = বিজ্ঞপ্তি বন্ধ
my-games-open = খুলুন
my-games-more = আরও { $count }টি চলমান খেলা এখানে তালিকায় নেই।
waiting-title = প্রতিপক্ষের অপেক্ষায়
waiting-invitation = বন্ধুর জন্য, কোড { $code }
waiting-open = যে কারও জন্য খোলা
push-turn-on = আমার পালা এলে আমাকে জানান
push-asking = জিজ্ঞেস করা হচ্ছে...
push-blocked = এই ব্রাউজার চৌপালের বিজ্ঞপ্তি আটকে রেখেছে: আপনার পালার খবর পেতে সাইট সেটিংসে অনুমতি দিন।
push-turn-off = বিজ্ঞপ্তি বন্ধ
push-mute-all = সব নীরব
push-unmute-all = সব বিজ্ঞপ্তি চালু
play-mute = খেলার বিজ্ঞপ্তি বন্ধ
play-unmute = খেলার বিজ্ঞপ্তি চালু
notice-game-waits = আপনার খেলা "আমার খেলা"-য় অপেক্ষা করছে: সময় শেষ হওয়ার আগে ফিরে এসে চাল দিন।
notice-push-on = আপনার পালা এলে আপনাকে জানানো হবে, চৌপাল বন্ধ থাকলেও।
notice-push-off = এই ডিভাইসে আর বিজ্ঞপ্তি আসবে না।
notice-push-blocked = ব্রাউজার বিজ্ঞপ্তি আটকে দিয়েছে: সাইট সেটিংসে অনুমতি দিয়ে আবার চেষ্টা করুন।
notice-push-not-allowed = বিজ্ঞপ্তি বন্ধই থাকল: ব্রাউজারের প্রশ্নটি বন্ধ করা হয়েছে।
notice-push-failed = বিজ্ঞপ্তি চালু করা গেল না: { $why }
notice-muted-game = এই খেলার বিজ্ঞপ্তি নীরব করা হয়েছে।
notice-unmuted-game = এই খেলার বিজ্ঞপ্তি আবার চালু।
notice-muted-all = আপনার সব খেলার বিজ্ঞপ্তি নীরব করা হয়েছে।
notice-unmuted-all = আপনার খেলার বিজ্ঞপ্তি আবার চালু।
asked-my-games = আপনার চলমান খেলার তালিকা
asked-my-seeks = আপনার আহ্বান ও আমন্ত্রণের তালিকা
asked-push = বিজ্ঞপ্তি
asked-mute = নীরব করা
doing-open-game = আপনার খেলা খোলা
error-bad-subscription = সার্ভার এই ব্রাউজারের বিজ্ঞপ্তি নেয়নি: { $why }।
error-no-push = এই সার্ভার কোনো বিজ্ঞপ্তি পাঠায় না।

## চৌপালের কোনো পাতা খোলা না থাকলে যে বিজ্ঞপ্তি দেখা যায় (খেলা ও প্রতিপক্ষ ব্রাউজার বসায়)

notify-turn-title = { $opponent }-এর সঙ্গে { $game } খেলায় আপনার পালা
notify-turn-body = { $opponent } চাল দিয়েছেন। খেলতে ট্যাপ করুন।
notify-round-game-title = রাউন্ড { $round }: { $opponent }-এর বিরুদ্ধে { $game }
notify-round-game-body = আপনার খেলা শুরু হয়েছে। খেলতে ট্যাপ করুন।
notify-accepted-title = { $opponent } আপনার আমন্ত্রণ গ্রহণ করেছেন
notify-accepted-body = আপনার { $game } খেলা শুরু হয়েছে।
notify-won = { $opponent }-এর সঙ্গে { $game }: আপনি জিতেছেন
notify-lost = { $opponent }-এর সঙ্গে { $game }: আপনি হেরেছেন
notify-drawn = { $opponent }-এর সঙ্গে { $game }: ড্র
notify-aborted = { $opponent }-এর সঙ্গে { $game }: বাতিল
notify-ended-body = খেলা শেষ।
notify-ended-on-time = সময় শেষ হওয়ায় খেলা শেষ হয়েছে।
notify-reminder-title = { $opponent }-এর সঙ্গে { $game } খেলায় আপনার চাল
notify-reminder-body = চাল দিতে { $hours } ঘণ্টারও কম সময় বাকি।
notify-tournament-soon-title = আপনার { $game } টুর্নামেন্ট { $minutes } মিনিটে শুরু হবে
notify-tournament-soon-body = খুলতে ট্যাপ করুন।

## ধাঁধা: লবি থেকে সেখানে যাওয়ার পথ, ধাঁধার পর্দা, আর খেলার পর্যালোচনায় নিজের ভুল থেকে তৈরি ধাঁধা

lobby-puzzles = ধাঁধা
lobby-daily-puzzle = আজকের ধাঁধা
screen-puzzles = ধাঁধা
title-puzzles = ধাঁধা - চৌপাল
doing-puzzles = ধাঁধা সমাধান
puzzle-task-win = { $side } চাল দেবে: জেতার একমাত্র চালটি খুঁজুন
puzzle-task-draw = { $side } চাল দেবে: ড্র বাঁচানোর একমাত্র চালটি খুঁজুন
puzzle-rating = ধাঁধার রেটিং { $rating }
puzzle-your-rating = আপনার ধাঁধা রেটিং: { $rating }
puzzle-unrated-attempt = রেটিং ছাড়া · আপনার ধাঁধা রেটিং: { $rating }
puzzle-streak = টানা: { $count }টি ধাঁধা সমাধান
puzzle-best-streak = সেরা টানা: { $count }
puzzle-from-your-game = আপনার খেলা থেকে: { $total }টির মধ্যে ধাঁধা { $place }
puzzle-finding = ধাঁধা খোঁজা হচ্ছে...
puzzle-checking = আপনার চাল যাচাই হচ্ছে...
puzzle-to-find = খুঁজতে হবে { $count }টি চাল
puzzle-find-again = অন্য একটি চাল দিন।
puzzle-right = ঠিক!
puzzle-keep-going = চালিয়ে যান: আরও { $count }টি চাল খুঁজতে হবে।
puzzle-wrong-goats-escape = ওটা নয়: ছাগলেরা পালিয়ে যায়
puzzle-wrong-tigers-break-out = ওটা নয়: বাঘেরা ঘেরাও ভেঙে বেরিয়ে যায়
puzzle-wrong-lead-slips = ওটা নয়: এগিয়ে থাকা হাতছাড়া হয়
puzzle-wrong-win-slips = ওটা নয়: জয় হাতছাড়া হয়
puzzle-wrong-soldiers-hold = ওটা নয়: ওদের সৈন্যরা টিকে থাকে
puzzle-wrong-loses = ওটা নয়: এতে হার হয়
puzzle-streak-over = টানা শেষ: { $count }টি ধাঁধা সমাধান
puzzle-solved = সমাধান হয়েছে!
puzzle-solved-again = আরেক চেষ্টায় সমাধান: রেটিং ছাড়া।
puzzle-solution-shown = সমাধান: { $count }টির মধ্যে চাল { $shown }
puzzle-rating-change = আপনার ধাঁধা রেটিং: { $rating } ({ $change })
puzzle-unrated = রেটিং ছাড়া: আপনার ধাঁধা রেটিং একই থাকে
puzzle-left-failed = চাল দেওয়ার পর ছেড়ে যাওয়া ধাঁধা ব্যর্থ গোনা হলো। { $change }
puzzle-rating-now = ধাঁধার রেটিং এখন { $rating }
puzzle-try-again = আবার চেষ্টা
puzzle-show-solution = সমাধান দেখান
puzzle-next = পরের ধাঁধা
puzzle-new-streak = নতুন টানা
puzzle-skip = বাদ দিন (ব্যর্থ গোনা হবে)
puzzle-skip-confirm = বাদ দিন: নিশ্চিত করতে আবার চাপুন
puzzle-press-again = নিশ্চিত করতে আবার চাপুন
puzzle-leave-warning = আপনার রেটেড ধাঁধা এখনো শেষ হয়নি: এটি ছেড়ে অন্য ধাঁধা খুললে এটি ব্যর্থ গোনা হবে।
puzzle-choices = পরের ধাঁধা
puzzle-game = খেলা
puzzle-any-game = যেকোনো খেলা
puzzle-theme = বিষয়
puzzle-any-theme = যেকোনো বিষয়
puzzle-mode-rated = রেটেড
puzzle-mode-streak = টানা
puzzle-rated-hint = প্রতিটি ধাঁধায় আপনার প্রথম চেষ্টা আপনার ধাঁধা রেটিংয়ে গোনা হয়।
puzzle-streak-hint = রেটিং ছাড়া: ক্রমশ কঠিন, আপনার প্রথম ভুল পর্যন্ত।
puzzle-no-mistakes = এই খেলা থেকে কোনো ধাঁধা হয়নি: আপনার কোনো ভুলের জায়গায় স্পষ্টভাবে সেরা একটিমাত্র চাল ছিল না।
puzzle-unreadable = এই ধাঁধাটি দেখানো যাচ্ছে না: { $why }
puzzle-out-of-step = ধাঁধার বোর্ড সার্ভারের বোর্ডের সঙ্গে মিলছে না: এটি আবার শুরু হচ্ছে।
review-learn-mistakes = নিজের ভুল থেকে শিখুন
broken-puzzle = ধাঁধা { $id } খোলা যাচ্ছে না। ({ $said })
asked-puzzle = ধাঁধা
asked-puzzle-move = আপনার ধাঁধার চাল
asked-puzzle-solution = সমাধান
asked-mistake-puzzles = আপনার ভুল থেকে ধাঁধা
error-no-such-puzzle = এমন কোনো ধাঁধা নেই, বা মেলে এমন আর কোনোটি বাকি নেই: অন্য খেলা বা বিষয় বেছে নিন।
error-puzzle-not-given = এই ধাঁধাটি আগের সংযোগকে দেওয়া হয়েছিল: আবার চেয়ে নিন।
error-puzzle-over = এই ধাঁধাটি শেষ: পরেরটি চেয়ে নিন।
theme-capture = খাওয়া
theme-trap = ঘেরাও
theme-double-threat = দ্বিমুখী হুমকি
theme-block = আটকানো
theme-extra-turn = বাড়তি চাল
theme-extra-turn-chain = পরপর বাড়তি চাল
theme-finish = খেলা শেষ করা
theme-save-draw = ড্র বাঁচানো
theme-one-move = এক চাল
theme-long = লম্বা
theme-placement = ছাগল বসানো
theme-movement = ছাগল চালানো
theme-sweep = ঝেঁটিয়ে নেওয়া
theme-den = গুহা
theme-chain = লাফের সারি

## Tournaments (arenas, Swiss, round robins)
lobby-tournaments = টুর্নামেন্ট
screen-tournaments = টুর্নামেন্ট
screen-new-tournament = নতুন টুর্নামেন্ট
title-tournaments = টুর্নামেন্ট - চৌপাল
doing-tournaments = টুর্নামেন্টে খেলা
asked-tournament = টুর্নামেন্ট
asked-new-tournament = নতুন টুর্নামেন্ট
broken-tournament = টুর্নামেন্ট { $id } খোলা যাচ্ছে না। ({ $said })
tournament-started = আপনার টুর্নামেন্ট শুরু হয়েছে।
tournament-ended = আপনার টুর্নামেন্ট শেষ: বিজয়ীদের দেখুন।
tournament-paired = { $opponent }-এর সঙ্গে জুটি হয়েছে: আপনার খেলা শুরু হচ্ছে।
tournaments-heading = টুর্নামেন্ট
tournaments-about = অ্যারেনায় সময় শেষ না হওয়া পর্যন্ত সবাই যত পারে খেলা খেলে। সুইসে প্রতি রাউন্ডে সমান পয়েন্টের খেলোয়াড়দের জুটি হয়; রাউন্ড রবিনে সবাই সবার সঙ্গে খেলে। সবচেয়ে বেশি পয়েন্ট যার, সে জেতে।
tournaments-new = টুর্নামেন্ট তৈরি করুন
tournaments-loading = লোড হচ্ছে…
tournaments-none = এখন কোনো টুর্নামেন্ট নেই। একটা তৈরি করুন!
tournaments-mine = আপনার
tournaments-running = এখন চলছে
tournaments-upcoming = শীঘ্রই শুরু
tournaments-finished = শেষ হয়েছে
tournament-title = { $game } অ্যারেনা
tournament-format = { $minutes } মিনিটের অ্যারেনা
tournament-format-streaks = { $minutes } মিনিটের অ্যারেনা, টানা জয়সহ
tournament-format-clock = { $format } · { $clock }
tournament-starts-in = { $time } পরে শুরু
tournament-starting = শুরু হচ্ছে…
tournament-ends-in = { $time } পরে শেষ
tournament-ending = শেষ হচ্ছে…
tournament-over = শেষ
tournament-entrants = { $count } জন খেলোয়াড়
tournament-entrants-private = { $count } জন খেলোয়াড়, ব্যক্তিগত
tournament-by = তৈরি করেছেন { $name }
tournament-join = যোগ দিন
tournament-rejoin = আবার খেলুন
tournament-pause = বিরতি
tournament-leave = ছেড়ে দিন
tournament-share = লিংক পাঠান
tournament-podium = বিজয়ী মঞ্চ
tournament-podium-line = { $rank }. { $name }: { $points } পয়েন্ট
tournament-standings = পয়েন্ট তালিকা
tournament-no-entrants = এখনও কেউ যোগ দেয়নি।
tournament-page = { $pages }-এর { $page }
tournament-line = রেটিং { $rating } · { $points } পয়েন্ট · { $presence }
tournament-idle = অপেক্ষায়
tournament-playing = খেলছেন
tournament-paused = বিরতিতে
tournament-left = চলে গেছেন
tournament-done = শেষ পর্যন্ত খেলেছেন
tournament-new-heading = টুর্নামেন্ট তৈরি করুন
tournament-minutes = { $count } মিনিট
tournament-game = খেলা
tournament-length = সময়কাল
tournament-clock = ঘড়ি
tournament-start = শুরু
tournament-start-now = এখনই
tournament-start-in = { $count } মিনিট পরে
tournament-public = সর্বজনীন
tournament-private = ব্যক্তিগত
tournament-public-hint = সবার তালিকায় থাকবে, যে কেউ যোগ দিতে পারবে।
tournament-private-hint = কারও তালিকায় থাকবে না: যাদের চান তাদের এর লিংক পাঠান।
tournament-computers-label = কম্পিউটার
tournament-computers = { $count ->
    [0] কোনোটি নয়
   *[other] { $count }টি কম্পিউটার
}
tournament-computer-level = তাদের স্তর
tournament-rated-hint = খেলাগুলো রেটিংয়ে গোনা হয়; টানা দুটি জয়ের পর খেলোয়াড় জ্বলে ওঠে, আর তার জয়ের পয়েন্ট দ্বিগুণ হয়।
tournament-create = তৈরি করুন
tournament-back = টুর্নামেন্টে ফিরুন
tournament-open = খুলুন
tournament-on-fire = টানা জয়ে
tournament-my-game = আমার খেলায় যান
tournament-title-swiss = { $game } সুইস
tournament-title-round-robin = { $game } রাউন্ড রবিন
tournament-format-swiss = সুইস, { $rounds } রাউন্ড
tournament-format-swiss-matches = সুইস, দুই খেলার ম্যাচের { $rounds } রাউন্ড
tournament-format-round-robin = রাউন্ড রবিন, সর্বোচ্চ { $count } জন খেলোয়াড়
tournament-format-double-round-robin = ডাবল রাউন্ড রবিন, সর্বোচ্চ { $count } জন খেলোয়াড়
tournament-round = রাউন্ড { $round } / { $of }
tournament-round-playing = খেলা চলছে
tournament-round-pairing = রাউন্ড { $round }: জুটি তৈরি হচ্ছে…
tournament-next-round = রাউন্ড { $round } { $time } পরে
tournament-next-round-seconds = রাউন্ড { $round } { $seconds } সেকেন্ড পরে
tournament-bye = রাউন্ড { $round }: আপনি বাই পেয়েছেন, একটি জেতা রাউন্ড।
tournament-sat-out = রাউন্ড { $round }: আপনি বসে থাকবেন, খেলার মতো কেউ বাকি নেই।
tournament-buchholz = বুখহোলৎস { $points }
tournament-sonneborn-berger = SB { $points }
tournament-wins = { $count }টি জয়
tournament-kind-arena = অ্যারেনা
tournament-kind-swiss = সুইস
tournament-kind-round-robin = রাউন্ড রবিন
tournament-format-label = ধরন
tournament-rounds-label = রাউন্ড
tournament-rounds = { $count } রাউন্ড
tournament-players-label = খেলোয়াড়
tournament-most-players = সর্বোচ্চ { $count }
tournament-single-games = একক খেলা
tournament-matches = দুই খেলার ম্যাচ
tournament-meet-once = একবার দেখা
tournament-meet-twice = দুবার দেখা
tournament-start-day = এক দিন পরে
tournament-start-week = এক সপ্তাহ পরে
tournament-swiss-hint = খেলাগুলো রেটিংয়ে গোনা হয়; জয়ে ১ পয়েন্ট, ড্রয়ে ½। প্রতি রাউন্ডে সমান পয়েন্টের খেলোয়াড়দের জুটি হয়, একই দুজন কখনো দুবার নয়; সমতা ভাঙে বুখহোলৎস, তারপর সোনেবর্ন-বার্গার (SB) দিয়ে। শেষ রাউন্ডের জুটি হওয়া পর্যন্ত যোগ দেওয়া যায়।
tournament-round-robin-hint = খেলাগুলো রেটিংয়ে গোনা হয়; সবাই সবার সঙ্গে খেলে, একবারে এক রাউন্ড; জয়ে ১ পয়েন্ট, ড্রয়ে ½। শুরুর আগে যোগ দিন; বিরতি নেই।
