# Chaupal's interface in Hindi (hi), translated from en.ftl.
# Awaiting review by native speakers: see docs/TRANSLATING.md to correct a message.
#
# हर संदेश की एक पहचान (id, "=" के बाईं ओर) होती है, जिसे ऐप का कोड इस्तेमाल करता है, और उसका
# पाठ। { $braces } में लिखा हिस्सा ऐप ख़ुद भरता है: उन नामों को न बदलें। संख्याएँ [one] और
# *[other] से बहुवचन का रूप चुनती हैं (हिन्दी में [one] में 0 और 1 आते हैं)। चालों का संकेतन
# (a1-e5, घरों के नंबर) कभी अनुवाद नहीं होता।
#
# बाघचाल के पक्षों के नाम "बकरी" और "बाघ" (एकवचन, जैसे शतरंज में "सफ़ेद", "काला") रखे गए हैं,
# ताकि "बकरी की बारी", "बाघ ने हार मान ली" जैसे वाक्य हर जगह सही बनें। वाक्य "की", "ने" से
# बनाए गए हैं, इसलिए क्रिया खिलाड़ी के लिंग या वचन पर निर्भर नहीं करती और $many की ज़रूरत नहीं।

## खेल और उनके पक्ष

game-baghchal = बाघचाल
game-kalah = कलाह
game-jungle = जंगल
game-sholo-guti = सोलह गोटी

side-baghchal-first = बकरी
side-baghchal-second = बाघ
side-kalah-first = दक्षिण
side-kalah-second = उत्तर
side-jungle-first = दक्षिण
side-jungle-second = उत्तर
side-sholo-guti-first = दक्षिण
side-sholo-guti-second = उत्तर

## कनेक्शन, ऊपर की पट्टी में और कनेक्शन स्क्रीन पर

connection-offline = ऑफ़लाइन: इसी डिवाइस पर खेल
connection-connecting = सर्वर से कनेक्ट हो रहा है...
connection-reconnecting = सर्वर से फिर कनेक्ट हो रहा है (कोशिश { $attempt })...
connection-online-as = { $name } के रूप में ऑनलाइन
connection-retrying = { $reason } { $seconds } सेकंड में फिर कोशिश होगी।
connection-short-offline = ऑफ़लाइन
connection-short-connecting = कनेक्ट हो रहा है...
connection-short-connecting-bare = कनेक्ट हो रहा है
connection-short-reconnecting = फिर कनेक्ट हो रहा है...
connection-short-reconnecting-bare = फिर कनेक्ट हो रहा है
connection-short-online = ऑनलाइन
connection-short-retrying = कनेक्ट नहीं: { $seconds } सेकंड में फिर कोशिश
connection-short-retrying-bare = { $seconds } सेकंड में फिर कोशिश
connection-short-not-connected = कनेक्ट नहीं है
connection-short-not-allowed = पता अनुमत नहीं

## नाम

name-empty = नाम में कम से कम एक अक्षर होना चाहिए।
name-too-long = नाम में { $count } से ज़्यादा अक्षर नहीं हो सकते।
name-too-many-bytes = यह नाम रखने के लिए बहुत लंबा है।
name-control = नाम में कंट्रोल कैरेक्टर या लाइन ब्रेक नहीं हो सकते।
name-bidi = नाम में लिखावट की दिशा बदलने वाले कैरेक्टर नहीं हो सकते।
name-invisible = नाम में कम से कम एक दिखने वाला अक्षर या चिह्न होना चाहिए।
name-hidden = नाम में अदृश्य कैरेक्टर (जैसे ज़ीरो-विड्थ स्पेस) नहीं हो सकते।
name-mixed-scripts = नाम में लैटिन अक्षरों के साथ उनसे मिलते-जुलते सिरिलिक या ग्रीक अक्षर नहीं मिलाए जा सकते।
name-reserved = यह नाम कंप्यूटर खिलाड़ी के नाम जैसा लगता है: कोई दूसरा नाम चुनें।
name-cut = नाम में { $count } से ज़्यादा अक्षर नहीं हो सकते: बाक़ी हटा दिए गए।
name-changed = अब आपका नाम { $name } है।
name-not-saved = आपका नाम सहेजा नहीं जा सका: { $why }

## विरोधी के प्रस्ताव

offer-draw = आपके विरोधी ने ड्रॉ का प्रस्ताव दिया है।
offer-takeback = आपके विरोधी ने अपनी पिछली चाल वापस लेने को कहा है।
offer-rematch = आपके विरोधी ने दोबारा खेलने का प्रस्ताव दिया है।

## इंजन की मदद

help-no-game = स्क्रीन पर कोई खेल नहीं है।
help-not-while-watching = लोग खेल रहे हों तब इंजन की मदद नहीं मिलती: खेल ख़त्म होने पर उसका विश्लेषण करें।
help-not-against-person = किसी व्यक्ति के ख़िलाफ़ इंजन की मदद नहीं मिलती: सुझाव सिर्फ़ कंप्यूटर के साथ खेल में मिलते हैं।
help-needs-server = सुझाव सर्वर के इंजन से आते हैं: सुझाव पाने के लिए किसी सर्वर से कनेक्ट करें।

## विंडो या टैब का शीर्षक

title-your-move = आपकी चाल: { $game } - चौपाल
title-game = { $game } - चौपाल
title-replay = रीप्ले: { $game } - चौपाल
title-rules = { $game } के नियम - चौपाल
title-plain = चौपाल

## जिन कामों के लिए सर्वर चाहिए, जब वह न हो

needs-server = { $what }: इसके लिए सर्वर चाहिए, पर यह ऐप किसी सर्वर से कनेक्ट नहीं है। तब तक इसी कंप्यूटर पर खेलें, या कनेक्शन का इंतज़ार करें।
doing-cancel-seek = चुनौती रद्द करना
doing-exhibition = कंप्यूटर को ख़ुद से खेलते देखना
doing-play-friend = दोस्त से खेलना
doing-join-friend = दोस्त के खेल में जुड़ना
doing-accept-seek = चुनौती स्वीकार करना
doing-watch = खेल देखना
doing-replay-server = सर्वर से खेल का रीप्ले
doing-play-computer = कंप्यूटर से खेलना
doing-offer-anyone = किसी से भी खेलने की चुनौती
doing-analysis = विश्लेषण

## खेल और लॉबी की सूचनाएँ

notice-type-code-first = पहले वह न्योता कोड लिखें जो आपके दोस्त ने दिया है।
notice-draw-offered = ड्रॉ का प्रस्ताव भेजा गया।
notice-game-goes-on = आपका खेल जारी है, और आपकी घड़ी भी चल रही है: लॉबी के चालू खेलों से इसमें लौटें।
notice-code-copied = न्योता कोड क्लिपबोर्ड पर कॉपी हो गया: { $code }
notice-link-copied = न्योता लिंक क्लिपबोर्ड पर कॉपी हो गया: { $link }
notice-device-link-copied = लिंक क्लिपबोर्ड पर कॉपी हो गया: इसे दस मिनट के अंदर दूसरे डिवाइस पर खोलें।
notice-device-code-shape = डिवाइस कोड में आठ अक्षर और अंक होते हैं, जैसा दूसरा डिवाइस दिखाता है (XXXX-XXXX)।
notice-looking-back-start = यह शुरुआत की स्थिति है: यहाँ से कोई चाल नहीं चली जा सकती। आगे खेलने के लिए End या “{ play-latest }” दबाएँ।
notice-looking-back = यह चाल { $ply } के बाद की स्थिति है: यहाँ से कोई चाल नहीं चली जा सकती। आगे खेलने के लिए End या “{ play-latest }” दबाएँ।
notice-link-offline = वह लिंक सर्वर के एक खेल का है, और यह ऐप ऑफ़लाइन चल रहा है।
notice-rules-clash = ये नियम एक साथ नहीं चल सकते: { $why }
notice-move-refused = यह चाल नहीं चली जा सकती: { $why }
notice-takeback-asked = आपने अपनी पिछली चाल वापस लेने को कहा है: फ़ैसला आपके विरोधी के हाथ में है।
notice-no-takeback = वापस लेने के लिए कोई चाल नहीं है।
notice-takeback-failed = चाल वापस नहीं हो सकी: { $why }
notice-rematch-offered = दोबारा खेलने का प्रस्ताव भेजा गया।
notice-no-replay = इस खेल का रीप्ले नहीं हो सकता: { $why }
notice-device-linked = यह डिवाइस अब { $name } के रूप में खेलता है, उनके खेलों और रेटिंग के साथ।
notice-shared-link-copied = लिंक क्लिपबोर्ड पर कॉपी हो गया: { $link }
notice-not-sent = अभी सर्वर से कनेक्शन नहीं है: कनेक्शन लौटने तक इसके लिए रुकना होगा।
notice-invite-ready = आपका निजी खेल तैयार है। अपने दोस्त को न्योता कोड { $code } दें: उनके जुड़ते ही खेल शुरू होगा।
notice-seek-open = आपकी चुनौती खुली है: कोई स्वीकार करे तो खेल शुरू होगा।
notice-no-suggestion = यहाँ इंजन के पास सुझाने के लिए कोई चाल नहीं है।
notice-game-kept = { $reason } आपका खेल सर्वर पर सुरक्षित है: ऐप अपने-आप फिर कनेक्ट होकर उसे जारी रखेगा।
notice-opponent-lost = आपके विरोधी का कनेक्शन टूट गया।
notice-opponent-lost-claim = आपके विरोधी का कनेक्शन टूट गया। अगर वे नहीं लौटते, तो { $seconds } सेकंड में आप जीत का दावा कर सकते हैं।
notice-opponent-back = आपके विरोधी का कनेक्शन लौट आया है।
notice-resync = खेल दोबारा सिंक हो रहा है ({ $why })।
# $many "yes" होता है जब $who कई मोहरों वाला पक्ष हो; हिन्दी वाक्य "ने" से बना है, इसलिए क्रिया
# नहीं बदलती और $many की ज़रूरत नहीं।
notice-draw-offered-by = { $who } ने ड्रॉ का प्रस्ताव दिया है।
notice-draw-declined = आपका ड्रॉ का प्रस्ताव ठुकरा दिया गया।
notice-berserk-you = आप बर्सर्क हुए: आधा समय और कोई बढ़त नहीं; 7 या अधिक चालों की जीत पर एक अंक अधिक।
notice-berserk-by = { $who } बर्सर्क हुए: आधा समय, कोई बढ़त नहीं।
notice-takeback-declined = चाल वापस लेने का आपका अनुरोध ठुकरा दिया गया।
notice-taken-back = { $count ->
    [one] { $count } चाल वापस ली गई।
   *[other] { $count } चालें वापस ली गईं।
}
notice-rematch-declined = दोबारा खेलने का प्रस्ताव ठुकरा दिया गया।

## ऐसा लिंक जो कहीं नहीं ले जाता, उसके कार्ड पर

broken-invite = न्योता कोड { $code } के लिए कोई खेल इंतज़ार नहीं कर रहा: शायद वह पहले ही इस्तेमाल हो चुका है या रद्द हो गया है। अपने दोस्त से नया लिंक माँगें।
broken-invite-shape = { $code } न्योता कोड नहीं है: न्योता कोड में आठ अक्षर और अंक होते हैं (XXXX-XXXX), जैसे आपके दोस्त के लिंक में।
broken-game = खेल { $id } खुल नहीं सकता। ({ $said })
broken-replay = खेल { $id } का रीप्ले नहीं हो सकता। ({ $said })
broken-device = डिवाइस कोड { $code } काम नहीं करता: एक कोड सिर्फ़ एक बार, दस मिनट के लिए चलता है। दूसरे डिवाइस पर नया कोड माँगें।

## जगहें, बारियाँ और नतीजे

who-with-side = { $name } ({ $side })
seat-rated = { $name } ({ $rating })
ai-level = कंप्यूटर स्तर { $level }
# $many "yes" होता है जब $who कई मोहरों वाला पक्ष हो ("बाघ"); हिन्दी वाक्य "की" से बने हैं,
# इसलिए $many की ज़रूरत नहीं।
turn-to-move = { $who } की बारी
turn-moves-again = फिर से { $who } की बारी
status-sending = { $whose }: चाल भेजी जा रही है...
status-jump-on = { $whose }: आगे कूदें, या रुकने के लिए मोहरे पर क्लिक करें
status-capture-goes-on = { $whose }: कूदना जारी रखना ज़रूरी है
moves-then = { $first }, फिर { $next }
turn-sowed = { $who } ने घर { $moves } से बीज बाँटे
turn-played = { $who } ने { $moves } खेला
turn-captured = { $turn }: { $captures }
captures-seeds = { $count ->
    [one] एक बीज जीता
   *[other] { $count } बीज जीते
}
captures-goats = { $count ->
    [one] एक बकरी मारी
   *[other] { $count } बकरियाँ मारीं
}
captures-animals = { $count ->
    [one] एक जानवर मारा
   *[other] { $count } जानवर मारे
}
captures-soldiers = { $count ->
    [one] एक गोटी मारी
   *[other] { $count } गोटियाँ मारीं
}
counter-goats-placed = रखी गई बकरियाँ
counter-of = { $total } में से { $count }
counter-goats-captured = मारी गई बकरियाँ
counter-tigers-trapped = घिरे हुए बाघ
counter-store = { $side } का भंडार
counter-store-seeds = { $store } (घरों में { $houses })
counter-pieces = { $side } के मोहरे
counter-moves = कुल चालें
result-wins = { $who } की जीत
result-draw = ड्रॉ
result-aborted = रद्द
result-with-reason = { $result }: { $why }
result-draw-agreed-here = सहमति से ड्रॉ
reason-resigned = { $side } ने हार मान ली
reason-resignation = हार मान ली गई
reason-timeout = समय ख़त्म हो गया
reason-agreed = सहमति से
reason-abandoned = दूसरे खिलाड़ी ने खेल छोड़ दिया
reason-aborted = खेल रद्द कर दिया गया
end-capture-target = बाघों ने तय गिनती में बकरियाँ मार लीं
end-no-legal-move = चलने के लिए कोई चाल नहीं बची
end-repetition = वही स्थिति तीसरी बार आई
end-no-capture-limit = बिना कुछ मारे बहुत ज़्यादा चालें हो गईं
end-den-entered = एक मोहरा माँद में पहुँच गया
end-all-captured = दुश्मन के सारे मोहरे मारे गए
end-seeds-counted = बीज गिन लिए गए

## घड़ियाँ और कंप्यूटर खिलाड़ी

clock-none = बिना घड़ी
clock-minutes = { $count } मि.
clock-seconds = { $count } से.
clock-increment = { $initial } + { $increment }
engine-named = { $name }, गहराई { $depth }

## सर्वर के मना करने पर खिलाड़ी क्या कर रहा था ("खेल में जुड़ना: ...")

asked-hello = कनेक्ट करना
asked-create = खेल शुरू करना
asked-join = खेल में जुड़ना
asked-accept = चुनौती स्वीकार करना
asked-watch = खेल देखना
asked-rejoin = अपने खेल में लौटना
asked-subscribe = लॉबी खोलना
asked-move = आपकी चाल
asked-hint = सुझाव
asked-analyse = विश्लेषण
asked-finished = आपके खेलों की सूची
asked-record = खेल लोड करना
asked-review = समीक्षा
asked-cancel-seek = चुनौती रद्द करना
asked-resign = हार मानना
asked-berserk = बर्सर्क
asked-offer-draw = ड्रॉ का प्रस्ताव
asked-accept-draw = ड्रॉ स्वीकार करना
asked-decline = मना करना
asked-takeback = चाल वापसी का अनुरोध
asked-accept-takeback = चाल वापसी स्वीकार करना
asked-offer-rematch = दोबारा खेलने का प्रस्ताव
asked-accept-rematch = दोबारा खेलना स्वीकार करना
notice-no-show = यह खेल दिखाया नहीं जा सकता: { $why }

## लॉबी में पूरे हुए खेल

finished-aborted = रद्द
finished-won = { $name } की जीत
finished-draw = ड्रॉ
finished-unfinished = अधूरा

## कनेक्शन की दिक़्क़तें

closed-with-code = सर्वर ने कनेक्शन बंद कर दिया। { $why }
closed-with-reason = सर्वर ने कनेक्शन बंद कर दिया: { $reason }।
closed = सर्वर ने कनेक्शन बंद कर दिया।
not-reached = { $url } पर सर्वर जवाब नहीं दे रहा। क्या वह चल रहा है?
not-allowed-here = यह सर्वर { $page } के पेजों से खिलाड़ी स्वीकार नहीं करता। सही पते के लिए इसके संचालक से पूछें।
not-allowed-here-go = यह सर्वर { $page } के पेजों से खिलाड़ी स्वीकार नहीं करता। इसकी जगह { $allowed } खोलें।
connection-lost = सर्वर से कनेक्शन टूट गया।
refused = { $url } पर सर्वर जवाब नहीं दे रहा (वहाँ कोई नहीं सुन रहा)। क्या वह चल रहा है?
timed-out = { $url } पर सर्वर ने समय पर जवाब नहीं दिया।
connection-cut = सर्वर से कनेक्शन कट गया।
not-found = सर्वर { $url } नहीं मिला: पता जाँचें।
unreachable = { $url } पर सर्वर तक पहुँचा नहीं जा सका ({ $why })।
tls-failed = { $url } से सुरक्षित कनेक्शन नहीं बन सका ({ $why }): जाँचें कि वहाँ सर्वर wss:// देता है और उसका सर्टिफ़िकेट उस नाम के लिए मान्य है।
not-chaupal = { $url } पर किसी ने जवाब दिया, पर वह चौपाल का सर्वर नहीं है (HTTP { $status })।
not-accepted = { $url } पर सर्वर ने कनेक्शन स्वीकार नहीं किया ({ $why })।
greeting-late = { $url } पर सर्वर ने शुरुआती बातचीत समय पर पूरी नहीं की।
connection-failed = सर्वर से कनेक्शन नहीं हो सका ({ $why })।
connection-broke = सर्वर से कनेक्शन बीच में टूट गया ({ $why })।
message-too-large = सर्वर ने इतना बड़ा संदेश भेजा कि उसे पढ़ा नहीं जा सकता।

## सर्वर के इनकार

error-while = { $what }: { $error }
error-version = यह ऐप और सर्वर प्रोटोकॉल के अलग-अलग संस्करण इस्तेमाल करते हैं: ऐप अपडेट करें।
error-misunderstood = ऐप और सर्वर एक-दूसरे को समझ नहीं पाए ({ $why })। फिर से कनेक्ट करने से मदद मिलनी चाहिए।
error-bad-device-code = दूसरे डिवाइस का वह कोड अनजाना है, इस्तेमाल हो चुका है या उसकी मियाद ख़त्म हो गई है: उस डिवाइस से नया कोड माँगें।
error-too-large = वह संदेश सर्वर के लिए बहुत बड़ा था।
error-rate-limited = एक साथ बहुत ज़्यादा अनुरोध: थोड़ा रुककर फिर कोशिश करें।
error-too-many-connections = इस कंप्यूटर से बहुत ज़्यादा कनेक्शन हैं: चौपाल की कोई दूसरी विंडो बंद करें।
error-timeout = सर्वर ने इस ऐप का इंतज़ार करना छोड़ दिया; फिर से कनेक्ट हो रहा है।
error-shutting-down = सर्वर बंद हो रहा है; उसके लौटने पर ऐप फिर से कनेक्ट होगा।
error-unknown-token = सर्वर ने इस कंप्यूटर के खिलाड़ी को नहीं पहचाना, इसलिए अब आप एक नए खिलाड़ी हैं।
error-bad-name = सर्वर यह नाम स्वीकार नहीं करता: { $why }।
error-too-many-games = आपके उतने खेल और चुनौतियाँ खुली हैं जितनी सर्वर अनुमति देता है: पहले किसी एक को पूरा या रद्द करें।
error-no-such-seek = वह चुनौती अब नहीं है: किसी और ने उसे ले लिया, या वह रद्द हो गई।
error-bad-invite-code = इस न्योता कोड का कोई खेल नहीं है: अपने दोस्त से कोड जाँच लें।
error-bad-rules = सर्वर ये नियम स्वीकार नहीं करता: { $why }।
error-bad-setup = सर्वर यह खेल तैयार नहीं कर सकता: { $why }।
error-no-such-game = वह खेल अब सर्वर पर नहीं है।
error-no-such-player = ऐसा कोई खिलाड़ी नहीं है।
error-not-your-seat = इस खेल में वह आपकी जगह नहीं है।
error-not-your-turn = अभी दूसरे पक्ष की बारी है, आपकी नहीं।
error-stale-move = आपकी चाल पहुँचने से पहले खेल आगे बढ़ गया, इसलिए वह नहीं चली गई; बोर्ड खेल को अभी की स्थिति में दिखाता है।
error-illegal-move = सर्वर ने चाल नहीं मानी: { $why }।
error-game-over = खेल पहले ही ख़त्म हो चुका है।
error-no-offer = अब जवाब देने के लिए कोई प्रस्ताव नहीं है।
error-not-allowed = अभी इसकी अनुमति नहीं है: { $why }।
error-ai-busy = सभी कंप्यूटर खिलाड़ी व्यस्त हैं: थोड़ी देर में फिर कोशिश करें।
error-ai-error = कंप्यूटर खिलाड़ी में गड़बड़ी हुई: { $why }।
error-bad-record = उस खेल का रिकॉर्ड पढ़ा नहीं जा सकता: { $why }।
error-not-finished = खेल की समीक्षा उसके ख़त्म होने के बाद होती है।
error-private-game = वह किसी और का निजी खेल है: उसे सिर्फ़ उसके खिलाड़ी और वे देख सकते हैं जिन्हें उन्होंने उसका लिंक भेजा है।
error-too-many-reviews = सर्वर पर अभी उतनी समीक्षाएँ चल रही हैं जितनी की अनुमति है: किसी एक के पूरा होने पर फिर कोशिश करें।
error-storage = सर्वर उसे सहेज नहीं सका; कुछ नहीं बदला। फिर कोशिश करें।
error-unavailable = खेल दूसरे सर्वर पर जा रहा है; कुछ नहीं बदला। थोड़ी देर में फिर कोशिश करें।
error-outcome-unknown = खेल का सर्वर जवाब देने से पहले रुक गया; बोर्ड दिखाता है कि आपकी चाल चली गई या नहीं।
error-internal = सर्वर पर कुछ गड़बड़ हो गई; कुछ नहीं बदला। फिर कोशिश करें।
error-no-such-tournament = ऐसा कोई टूर्नामेंट नहीं है, या उसका कोड ग़लत है: लिंक जाँच लें।
error-tournament-over = यह टूर्नामेंट ख़त्म हो चुका है।
error-already-entered = आप इस टूर्नामेंट में पहले से हैं।
error-not-entered = आप इस टूर्नामेंट में नहीं हैं।

## समीक्षा

review-server-only = समीक्षा सर्वर का इंजन करता है: सिर्फ़ सर्वर पर खेले गए खेलों की समीक्षा हो सकती है।
doing-review = समीक्षा
doing-play-from-here = यहाँ से कंप्यूटर से खेलना
review-misfit = समीक्षा में { $covered } चालें हैं और इस खेल में { $moves }: इसे दिखाया नहीं जा सकता।
review-over-here = इस स्थिति में खेल ख़त्म है: यहाँ से खेलने के लिए कोई पहले की चाल चुनें।
review-asking = सर्वर से समीक्षा माँगी जा रही है...
review-analysing = { $total } में से { $analysed } स्थितियों का विश्लेषण

## सर्वर के पते और ऐप की अपनी दिक़्क़तें

address-not-ws = { $url } सर्वर का पता नहीं है: यह ws://127.0.0.1:7878 जैसा होना चाहिए (या एन्क्रिप्टेड कनेक्शन के लिए wss://example.org)
address-with-user = { $url }: सर्वर के पते में यूज़र नेम या पासवर्ड नहीं होता
address-bad-port = { $url }: “{ $port }” पोर्ट नंबर नहीं है
address-unclosed = { $url }: [ ] में दिया पता बंद नहीं किया गया है
address-trailing = { $url }: पते के बाद “{ $after }” का कोई मतलब नहीं बनता
address-no-server = { $url } में किसी सर्वर का नाम नहीं है
problem-no-thread = ऐप अपना नेटवर्क थ्रेड शुरू नहीं कर सका ({ $detail })।
problem-unreadable = सर्वर ने कुछ ऐसा भेजा जो यह ऐप पढ़ नहीं सकता ({ $detail })।
problem-not-sent = यह अनुरोध भेजा नहीं जा सका ({ $detail })।

## कनेक्शन स्क्रीन

connect-title-offline = आप ऑफ़लाइन हैं
connect-title-unreachable = सर्वर से संपर्क नहीं हो पा रहा
connect-title-not-allowed = यह पता अनुमत नहीं है
connect-title-connecting = सर्वर से कनेक्ट हो रहा है
connect-about = इसी डिवाइस पर दो लोग बारी-बारी से बिना कनेक्शन के खेल सकते हैं; दोस्तों या कंप्यूटर से खेलने और खेल देखने के लिए कनेक्शन चाहिए।
connect-no-network = इस डिवाइस पर नेटवर्क नहीं है। नेटवर्क लौटते ही ऐप अपने-आप कनेक्ट हो जाएगा।
connect-try-now = अभी फिर कोशिश करें
connect-play-offline = ऑफ़लाइन खेलें

## नियमों के विकल्प, नियमों की स्क्रीन और खेलने का तरीक़ा

rule-captures-to-win = जीत के लिए शिकार
rule-repetition = दोहराव
rule-pits = हर ओर घर
rule-seeds = हर घर में बीज
rule-empty-capture = अकेले बीज की पकड़
rule-board = बोर्ड
rule-capture = मारना
rules-baghchal-1 = चार बाघ 5 x 5 रेखाओं वाले बोर्ड पर बीस बकरियों का शिकार करते हैं।
rules-baghchal-2 = पहले बकरियाँ चलती हैं। जब तक बकरियाँ हाथ में हैं, बकरी की हर बारी में एक बकरी किसी भी खाली बिंदु पर रखी जाती है; सभी बीस रखी जाने के बाद, बकरी रेखा पर चलकर पास के खाली बिंदु पर जाती है।
rules-baghchal-3 = बाघ रेखा पर एक कदम चलता है, या पास की एक बकरी के ऊपर से कूदकर ठीक उसके पार वाले खाली बिंदु पर पहुँचता है और उस बकरी को मार देता है। बाघ कभी बाघ के ऊपर से नहीं कूदता; मारना ज़रूरी नहीं है।
rules-baghchal-4 = तिरछी रेखाएँ हर बिंदु से नहीं, सिर्फ़ एक छोड़कर एक बिंदु से गुज़रती हैं, जैसा बोर्ड पर बना है।
rules-baghchal-5 = बाघ अपनी पाँचवीं बकरी मारते ही जीत जाते हैं (यह संख्या नियमों में बदली जा सकती है)। बकरियाँ तब जीतती हैं जब बाघों की बारी हो और वे ऐसे घिरे हों कि चल ही न सकें।
rules-baghchal-6 = वही स्थिति तीसरी बार आने पर खेल ड्रॉ होता है (या, विकल्प के तौर पर, सारी बकरियाँ रखी जाने के बाद कोई स्थिति दोहराई ही नहीं जा सकती)।
rules-kalah-1 = हर पक्ष के पास घरों की एक पंक्ति और उसके दाईं ओर एक भंडार होता है; शुरू में हर घर में बराबर बीज होते हैं।
rules-kalah-2 = अपनी बारी में, अपने किसी एक घर के सारे बीज उठाएँ और उन्हें घड़ी की उल्टी दिशा में एक-एक करके बाँटें: अपने घरों में, अपने भंडार में, फिर दूसरे पक्ष के घरों में (दूसरे के भंडार में कभी नहीं)।
rules-kalah-3 = आख़िरी बीज अपने भंडार में गिरे: फिर से आपकी बारी।
rules-kalah-4 = आख़िरी बीज आपके अपने किसी खाली घर में गिरे: वह बीज और ठीक सामने वाले घर के सारे बीज आपके भंडार में चले जाते हैं (अगर सामने वाले घर में कोई बीज हो)।
rules-kalah-5 = जब किसी भी पक्ष के सारे घर खाली हो जाएँ, तो हर पक्ष अपने बचे हुए बीज अपने भंडार में डाल लेता है। जिसके बीज ज़्यादा, उसकी जीत।
rules-jungle-1 = हर पक्ष के पास आठ जानवर होते हैं; ऊँचे दर्जे वाला जानवर नीचे दर्जे वाले को मार सकता है: हाथी 8, शेर 7, बाघ 6, तेंदुआ 5, भेड़िया 4, कुत्ता 3, बिल्ली 2, चूहा 1।
rules-jungle-2 = एक चाल में जानवर एक खाना ऊपर, नीचे या बगल में चलता है। कोई भी जानवर अपनी ही माँद में नहीं जा सकता।
rules-jungle-3 = सिर्फ़ चूहा तैर सकता है। शेर और बाघ सीधी रेखा में छलाँग लगाकर नदी पार करते हैं, बशर्ते रास्ते में कोई चूहा न हो।
rules-jungle-4 = मारने के लिए अपने बराबर या कम दर्जे वाले दुश्मन के खाने पर जाएँ; चूहा हाथी को मार सकता है, पर हाथी चूहे को कभी नहीं। पानी से ज़मीन पर या ज़मीन से पानी में मारना नहीं होता।
rules-jungle-5 = आपके किसी जाल पर खड़े दुश्मन को आपका कोई भी जानवर मार सकता है।
rules-jungle-6 = दुश्मन की माँद में घुसकर या दुश्मन के सारे जानवर मारकर जीतें। छोटा बोर्ड 5 x 7 का है, जिसमें हर पक्ष के चार जानवर होते हैं।
rules-sholo-guti-1 = 37 बिंदुओं पर हर पक्ष की सोलह गोटियाँ: बीच में 5 x 5 का मैदान और दोनों सिरों पर एक-एक त्रिकोण।
rules-sholo-guti-2 = गोटी रेखा पर चलकर पास के खाली बिंदु पर जाती है।
rules-sholo-guti-3 = गोटी रेखा पर पास की दुश्मन गोटी के ऊपर से कूदकर ठीक उसके पार वाले खाली बिंदु पर पहुँचती है और उसे मार देती है; मारने के बाद वही गोटी किसी भी दिशा में फिर कूद सकती है, और किसी भी मार के बाद रुक सकती है।
rules-sholo-guti-4 = विकल्प: मारना ज़रूरी है, और जब तक हो सके कूदने का सिलसिला जारी रखना होगा।
rules-sholo-guti-5 = जीतने के लिए दुश्मन की सारी गोटियाँ मारें, या दूसरे पक्ष के पास कोई चाल न छोड़ें। वही स्थिति तीन बार आए, या बिना कुछ मारे 200 चालें हो जाएँ, तो ड्रॉ।
example-baghchal = c3 वाला बाघ रेखा के साथ d3 वाली बकरी के ऊपर से कूदकर e3 पर उतरता है: बकरी मारी गई। वह b3 या c2 वाली बकरी को भी मार सकता था।
example-kalah = दक्षिण घर 3 के बीज बाँटता है: घर 4, 5 और 6 में एक-एक बीज और आख़िरी बीज दक्षिण के भंडार में, इसलिए फिर से दक्षिण की बारी।
example-jungle = c3 वाला शेर छलाँग लगाकर नदी पार करता है और c7 पर पहुँचता है। रास्ते में तैरता हुआ चूहा इस छलाँग को रोक देता।
example-sholo-guti = c4 वाली गोटी c5 के ऊपर से कूदती है, फिर d6 के ऊपर से दोबारा कूदती है: एक चाल में दो मार। वह c6 पर रुक भी सकती थी।
how-baghchal = बकरी रखने के लिए किसी खाली बिंदु पर टैप या क्लिक करें। मोहरे को निशान वाले बिंदु पर खींचें, या पहले मोहरे पर और फिर उस बिंदु पर टैप करें।
how-kalah = बीज बाँटने के लिए अपने किसी घर पर टैप या क्लिक करें।
how-jungle = जानवर को निशान वाले खाने पर खींचें, या पहले जानवर पर और फिर उस खाने पर टैप करें।
how-sholo-guti = गोटी को निशान वाले बिंदु पर खींचें, या पहले गोटी पर और फिर उस बिंदु पर टैप करें; लगातार कूदते समय, उतरने की हर जगह पर बारी-बारी से टैप करें, या रुकने के लिए गोटी पर फिर से टैप करें।
rule-value-on = चालू
rule-value-off = बंद
rule-value-draw = ड्रॉ
rule-value-forbidden = मना
rule-value-standard = सामान्य
rule-value-small = छोटा
rule-value-optional = मर्ज़ी से
rule-value-compulsory = ज़रूरी
rule-changed = { $rule }: { $value }

## कई स्क्रीनों में साझा

back = वापस
rules-here = यहाँ कैसे खेलें
game-with-rules = { $game } ({ $rules })
hint-best-move = सबसे अच्छी चाल: { $best }
hint-chances = { $side }: जीत की संभावना { $percent }%
moves-none = अभी कोई चाल नहीं
brand = चौपाल
screen-connecting = कनेक्ट हो रहा है
screen-lobby = लॉबी
screen-review = समीक्षा
screen-replay = रीप्ले
screen-rules = { $game } के नियम
replay = रीप्ले
rematch = दोबारा खेलें
review = समीक्षा
lobby = लॉबी

## लॉबी

broken-title = यह लिंक काम नहीं करता
broken-to-lobby = लॉबी में जाएँ
close = बंद करें
copy-link = लिंक कॉपी करें
copy-code = कोड कॉपी करें
invite-title = आपका निजी खेल तैयार है
invite-note = उनके जुड़ते ही खेल शुरू होगा। आप यह कार्ड बंद कर सकते हैं: कोड लॉबी में बना रहेगा।
invite-send-link = अपने दोस्त को यह लिंक भेजें:
invite-or-code = या उन्हें यह कोड बताएँ:
invite-code = अपने दोस्त को यह कोड बताएँ:
invitation-title = खेलने का न्योता
invitation-from = { $name } ने आपको { $game } खेलने का न्योता दिया है।
invitation-pace = रफ़्तार: { $pace }
invitation-rated = रेटेड: नतीजे से आपकी रेटिंग बदलेगी।
invitation-casual = बिना रेटिंग: रेटिंग नहीं बदलेगी।
invitation-you-play = आप { $side } से खेलेंगे।
invitation-sides-random = पक्ष संयोग से तय होंगे।
invitation-rules = अलग नियम:
broken-invite-own = यह आपका अपना न्योता है: इसका लिंक किसी दोस्त को भेजें। उनके स्वीकार करते ही खेल शुरू होगा।
notice-invitation-declined = { $name } ने आपका न्योता ({ $code }) ठुकरा दिया।
devices-title = दूसरे डिवाइस पर खेलें
devices-note = दूसरे डिवाइस पर यह लिंक खोलें, या वहाँ “{ devices-title }” में यह कोड डालें। यह सिर्फ़ एक बार, अगले { $minutes } मिनट तक चलेगा।
devices-asking = सर्वर से कोड माँगा जा रहा है...
devices-enter = क्या आपके पास दूसरे डिवाइस का कोड है? उसे डालें और यहाँ उसी खिलाड़ी के रूप में खेलें:
devices-use-code = कोड लगाएँ
lists-seeks = खुली चुनौतियाँ
lists-not-connected = किसी सर्वर से कनेक्ट नहीं है। कनेक्शन होते ही खुली चुनौतियाँ और देखने के लिए चालू खेल यहाँ दिखेंगे।
lists-no-seeks = अभी कोई खेल का इंतज़ार नहीं कर रहा।
lists-no-clock = बिना घड़ी
lists-rated = रेटेड
lists-casual = बिना रेटिंग
lists-your-seek = { $who } (आपकी चुनौती)
lists-cancel = रद्द करें
lists-play = खेलें
lists-live = चालू खेल
lists-no-live = अभी कोई खेल नहीं चल रहा।
lists-versus = { $first } बनाम { $second }
lists-exhibition = { $game } (कंप्यूटर बनाम कंप्यूटर)
lists-at-move = चाल { $count }
lists-resume = जारी रखें
lists-watch = देखें
lists-finished = आपके पूरे हुए खेल
lists-no-finished = सर्वर पर आप जो खेल पूरे करेंगे, उनका रीप्ले यहाँ से देखा जा सकता है।
lists-moves = { $count ->
    [one] { $count } चाल
   *[other] { $count } चालें
}
choices-both-here = दोनों पक्ष इसी स्क्रीन पर: बोर्ड पर बारी-बारी से खेलें।
choices-seek-listed = आपकी चुनौती हर लॉबी में दिखती है; कोई स्वीकार करे तो खेल शुरू होगा।
choices-sound-on = आवाज़: चालू
choices-sound-off = आवाज़: बंद
choices-change-name = नाम बदलें
choices-you = आप
choices-you-named = आप: { $name }
choices-name = नाम
choices-keep = सहेजें
choices-name-hint = आपका नाम
choices-game = खेल चुनें
mode-here = इसी डिवाइस पर
mode-computer = कंप्यूटर
mode-friend = दोस्त
mode-anyone = कोई भी
choices-you-play = आपका पक्ष
choices-either = कोई भी
level-of = { $levels } में से { $level } ({ $rating })
engine-level = स्तर 1–{ $levels }
choices-engine = इंजन
choices-level = स्तर
choices-depth = गहराई
choices-exhibition = कंप्यूटर को ख़ुद से खेलते देखें
choices-your-code = आपका कोड:
choices-friends-code = दोस्त का न्योता कोड:
choices-join = जुड़ें
choices-code-hint = दोस्त का कोड
choices-rules = नियम
start-here = खेल शुरू करें
start-computer = कंप्यूटर से खेलें
start-friend = निजी खेल बनाएँ
start-anyone = चुनौती दें
choices-clock = घड़ी
choices-increment = हर चाल पर जोड़
choices-increment-value = +{ $count } से.
choices-untimed = बिना समय
choices-casual = बिना रेटिंग
choices-rated = रेटेड
choices-no-clock = कोई नहीं

## खेल की स्क्रीन

player-computer = कंप्यूटर
player-to-move = बारी
play-latest = आख़िरी चाल
play-back = < चाल
play-forward = चाल >
play-more = और
play-stop-chain = यहीं रुकें
play-resign-yes = हाँ, हार मानें
play-keep-playing = खेलते रहें
play-accept = स्वीकार करें
play-decline = मना करें
play-flip = बोर्ड पलटें
play-analyse = विश्लेषण
play-take-back = चाल वापस
play-hint = सुझाव
play-offer-draw = ड्रॉ का प्रस्ताव
play-resign = हार मानें
play-berserk = बर्सर्क
play-share = शेयर करें
play-resign-question = इस खेल में हार मानें? इसे हार गिना जाएगा।
looking-at-start = शुरुआत
looking-at-move = { $count } में से चाल { $ply }
looking-back = पीछे की स्थिति: { $at }। यहाँ कोई चाल नहीं चली जा सकती: End या “{ play-latest }” से लौटें।
game-number = खेल { $id }
you-are-watching = आप दर्शक हैं (कुल { $count })
watching-count = { $count ->
    [one] { $count } दर्शक
   *[other] { $count } दर्शक
}

## रीप्ले और समीक्षा

replay-start = शुरुआत
replay-after-move = { $count } में से चाल { $ply } के बाद
replay-play = चलाएँ
replay-pause = रोकें
replay-play-from-here = यहाँ से कंप्यूटर के ख़िलाफ़ खेलें
replay-play-from-here-short = यहाँ से खेलें
review-accuracy = सटीकता: { $figures }
review-ahead = { $side } आगे
review-legend-mistake = ग़लती
review-legend-blunder = भारी ग़लती
# $many "yes" होता है जब $side कई मोहरों वाला पक्ष हो ("बकरी"); हिन्दी में ज़रूरी नहीं।
review-graph-caption = { $side }: जीत की संभावना
review-move-shown = दिखाई गई चाल
review-graph-first-move = चाल { $count }
review-end = खेल का अंत।
review-step-back = हर चाल पर फ़ैसला देखने के लिए पीछे जाएँ।
review-slips = { $count ->
    [0] { $side }: कोई चूक नहीं
    [one] { $side }: 1 चूक
   *[other] { $side }: { $count } चूकें
}

## इस डिवाइस की दिक़्क़तें

problem-settings = आपकी सेटिंग पढ़ी या सहेजी नहीं जा सकीं: { $detail }
problem-settings-invalid = सहेजी गई सेटिंग सही नहीं हैं ({ $detail }); उन्हें बदल दिया जाएगा।
problem-no-storage = यह ब्राउज़र इस पेज के लिए कुछ नहीं सहेजता (प्राइवेट मोड?)।
problem-no-copy = यह ब्राउज़र कॉपी नहीं कर सकता; यह रहा: { $text }
problem-not-web-address = { $url } वेब पता नहीं है।
problem-no-browser = { $url } को ब्राउज़र में नहीं खोला जा सका ({ $detail })।
problem-popup = ब्राउज़र ने { $url } नहीं खोला (पॉप-अप ब्लॉकर?)।
problem-font = एक फ़ॉन्ट पढ़ा नहीं जा सका: { $detail }
review-a-win = जीत
review-a-draw = ड्रॉ
review-a-loss = हार
review-house = घर { $house }
value-has-won = जीत हो चुकी
value-has-lost = हार हो चुकी
value-wins-in = { $count ->
    [one] { $count } चाल में जीत
   *[other] { $count } चालों में जीत
}
value-loses-in = { $count ->
    [one] { $count } चाल में हार
   *[other] { $count } चालों में हार
}
value-draw = ड्रॉ
value-level = बराबर
value-wins-by = { $count ->
    [one] { $count } बीज से जीत
   *[other] { $count } बीजों से जीत
}
value-loses-by = { $count ->
    [one] { $count } बीज से हार
   *[other] { $count } बीजों से हार
}
noun-the-win = जीत
noun-the-loss = हार
noun-win-in = { $count ->
    [one] { $count } चाल में जीत
   *[other] { $count } चालों में जीत
}
noun-loss-in = { $count ->
    [one] { $count } चाल में हार
   *[other] { $count } चालों में हार
}
noun-win-by = { $count ->
    [one] { $count } बीज से जीत
   *[other] { $count } बीजों से जीत
}
noun-loss-by = { $count ->
    [one] { $count } बीज से हार
   *[other] { $count } बीजों से हार
}
# $many "yes" होता है जब $side कई मोहरों वाला पक्ष हो ("बकरी"); हिन्दी वाक्य "की" से बने हैं,
# इसलिए $many की ज़रूरत नहीं।
standing-chance = { $side }: जीत की संभावना { $percent }।
standing-draw = सबसे अच्छे खेल से ड्रॉ।
standing-level = बराबर: सबसे अच्छे खेल से ड्रॉ।
standing-has-won = { $side } की जीत हो चुकी है।
standing-has-lost = { $side } की हार हो चुकी है।
standing-wins-in = { $side } की जीत { $count ->
        [one] { $count } चाल में
       *[other] { $count } चालों में
    }।
standing-loses-in = { $side } की हार { $count ->
        [one] { $count } चाल में
       *[other] { $count } चालों में
    }।
standing-wins-by = { $side } की जीत { $count ->
    [one] { $count } बीज से
   *[other] { $count } बीजों से
}।
standing-loses-by = { $side } की हार { $count ->
    [one] { $count } बीज से
   *[other] { $count } बीजों से
}।
class-best = सबसे अच्छी चाल
class-good = अच्छी
class-inaccuracy = कमज़ोर चाल
class-mistake = ग़लती
class-blunder = भारी ग़लती
slip = { $ply }. { $move }: { $what }
slip-better = { $ply }. { $move }: { $what }; बेहतर चाल { $best } थी
slip-turned = { $before } को { $after } में बदल दिया
slip-gave-away = { $points }% गँवाए
accuracy-side = { $side } { $value }
accuracy-line = { $first } · { $second }
verdict-head = { $ply }. { $move }: { $class }
verdict-turned-kept-win = { $before } को { $after } में बदल दिया; { $better } से जीत बनी रहती।
verdict-turned-kept-draw = { $before } को { $after } में बदल दिया; { $better } से ड्रॉ बना रहता।
verdict-turned = { $before } को { $after } में बदल दिया; बेहतर चाल { $better } थी।
verdict-wins-too = { $better } की तरह, इससे भी { $count ->
    [one] { $count } चाल
   *[other] { $count } चालों
} में जीत।
verdict-wins-slower = { $was } की जगह { $count ->
    [one] { $count } चाल
   *[other] { $count } चालों
} में जीत; { $better } से जीत जल्दी मिलती।
verdict-loses-anyway = { $better } की तरह, इससे भी { $count ->
    [one] { $count } चाल
   *[other] { $count } चालों
} में हार।
verdict-loses-sooner = { $was } की जगह { $count ->
    [one] { $count } चाल
   *[other] { $count } चालों
} में हार; { $better } से हार और देर से होती।
verdict-wins-by-less = { $was } की जगह { $count ->
    [one] { $count } बीज
   *[other] { $count } बीजों
} से जीत; बेहतर चाल { $better } थी।
verdict-loses-by-more = { $was } की जगह { $count ->
    [one] { $count } बीज
   *[other] { $count } बीजों
} से हार; बेहतर चाल { $better } थी।
verdict-values = अब { $before } की जगह { $after }; बेहतर चाल { $better } थी।
verdict-compared = { " " }({ $is } की जगह { $was })
verdict-little = 1% से कम गँवाया; { $better } ज़रा-सी बेहतर चाल थी{ $values }।
verdict-gave-away = जीत की संभावना { $points }% गँवाई; बेहतर चाल { $better } थी{ $values }।
problem-not-utf8 = सर्वर ने ऐसा टेक्स्ट भेजा जो UTF-8 नहीं है।
piece-label-goat = बक
piece-label-tiger = बा
tray-in-hand = हाथ में: { $count }
tray-captured = पकड़ी गईं: { $total } में से { $count }

## जंगल के जानवर, जैसे उनके मोहरों पर बोर्ड में लिखे होते हैं (एक अक्षर)

animal-rat = चू
animal-cat = बि
animal-dog = कु
animal-wolf = भे
animal-leopard = ते
animal-tiger = बा
animal-lion = शे
animal-elephant = हा
move-field-label = चाल लिखें, या मदद के लिए ?

## बिना देखे या बिना माउस के खेलना: चाल लिखने का खाना, बोर्ड का कर्सर, और स्क्रीन रीडर क्या सुनाता है

typed-not-legal = “{ $typed }” यहाँ सही चाल नहीं है। चालें वैसे ही लिखें जैसे वे लिखी जाती हैं, जैसे { $example }।
typed-not-your-turn = अभी आपकी बारी नहीं है।
typed-game-over = खेल ख़त्म हो चुका है।
speech-help = चाल वैसे ही लिखें जैसे वह लिखी जाती है, जैसे { $example }, फिर Enter दबाएँ। या बोर्ड सुनने के लिए b, घड़ियों के लिए c, और किसकी बारी है यह जानने के लिए s लिखें। बोर्ड पर Tab दबाने से कर्सर आता है: तीर वाली कुंजियाँ उसे चलाती हैं, Enter से चुनें, Escape से छोड़ें।
speech-cursor-help = कर्सर बोर्ड पर है: तीर वाली कुंजियाँ उसे चलाती हैं, Enter से चुनें, Escape से छोड़ें, Tab से बोर्ड से बाहर निकलें।
speech-cell = { $cell }: { $what }
speech-empty = खाली
speech-none = कोई नहीं
speech-both = { $first }, { $second }
speech-house = { $side } का घर { $house }: { $count ->
    [one] { $count } बीज
   *[other] { $count } बीज
}
speech-side-pieces = { $side }: { $pieces }।
speech-side-soldiers = { $side }: { $count ->
    [one] { $count } गोटी
   *[other] { $count } गोटियाँ
}: { $pieces }।
speech-piece-at = { $piece } { $cell } पर
speech-goats-hand = हाथ में बकरियाँ: { $hand }; मारी गईं: { $total } में से { $count }।
speech-kalah-side = { $side }: घर { $houses }; भंडार { $store }।
speech-clocks = { $first }: { $first_time }। { $second }: { $second_time }।
speech-no-clocks = इस खेल में घड़ी नहीं है।
piece-goat = बकरी
piece-tiger = बाघ
piece-soldier = गोटी
piece-of-side = { $piece } ({ $side })
ground-water = पानी
ground-trap = { $side } का जाल
ground-den = { $side } की माँद
animal-name-rat = चूहा
animal-name-cat = बिल्ली
animal-name-dog = कुत्ता
animal-name-wolf = भेड़िया
animal-name-leopard = तेंदुआ
animal-name-tiger = बाघ
animal-name-lion = शेर
animal-name-elephant = हाथी
speech-button = { $label }, बटन

## पत्राचार वाले खेल और आपकी बारी की सूचनाएँ

choices-live = लाइव
choices-correspondence = पत्राचार
choices-move-time = हर चाल का समय
pace-days = हर चाल के लिए { $count } दिन
pace-unlimited = कोई समय सीमा नहीं
pace-value-days = { $count } दिन
pace-value-unlimited = कोई सीमा नहीं
span-days = { $count } दिन
span-hours = { $count ->
    [one] { $count } घंटा
   *[other] { $count } घंटे
}
span-minutes = { $count } मिनट
span-two = { $larger } { $smaller }
span-under-minute = एक मिनट से कम
deadline-yours = आपकी चाल: { $time } बाकी
deadline-theirs = { $who } की चाल: { $time } बाकी
deadline-yours-unlimited = आपकी चाल: कोई समय सीमा नहीं
deadline-theirs-unlimited = { $who } की चाल: कोई समय सीमा नहीं
deadline-up = इस चाल का समय खत्म हो गया।
my-games = मेरे खेल
my-games-none = पत्राचार वाले खेल चालों के बीच यहाँ इंतज़ार करते हैं: शुरू करने के लिए "{ mode-friend }" या "{ mode-anyone }" चुनें, फिर "{ choices-correspondence }"।
my-games-your-turn = आपकी बारी
my-games-their-turn = उनकी बारी
my-games-left = { $time } बाकी
my-games-time-up = समय खत्म
my-games-muted = सूचना बंद
my-games-open = खोलें
my-games-more = { $count } और चालू खेल यहाँ सूची में नहीं हैं।
waiting-title = विरोधी का इंतज़ार
waiting-invitation = दोस्त के लिए, कोड { $code }
waiting-open = किसी के भी लिए खुला
push-turn-on = मेरी बारी आने पर मुझे बताएँ
push-asking = पूछ रहे हैं...
push-blocked = यह ब्राउज़र चौपाल की सूचनाएँ रोक रहा है: अपनी बारी की खबर पाने के लिए साइट सेटिंग में इनकी अनुमति दें।
push-turn-off = सूचनाएँ बंद करें
push-mute-all = सब मौन करें
push-unmute-all = सबकी सूचना चालू करें
play-mute = खेल की सूचना बंद
play-unmute = खेल की सूचना चालू
notice-game-waits = आपका खेल "मेरे खेल" में इंतज़ार कर रहा है: समय खत्म होने से पहले लौटकर चाल चलें।
notice-push-on = आपकी बारी आने पर आपको बताया जाएगा, चौपाल बंद होने पर भी।
notice-push-off = इस डिवाइस पर अब सूचनाएँ नहीं आएँगी।
notice-push-blocked = ब्राउज़र ने सूचनाएँ रोक दीं: साइट सेटिंग में अनुमति देकर फिर कोशिश करें।
notice-push-not-allowed = सूचनाएँ बंद ही रहेंगी: ब्राउज़र का सवाल बंद कर दिया गया।
notice-push-failed = सूचनाएँ चालू नहीं हो सकीं: { $why }
notice-muted-game = इस खेल की सूचनाएँ मौन कर दी गईं।
notice-unmuted-game = इस खेल की सूचनाएँ फिर चालू हैं।
notice-muted-all = आपके सभी खेलों की सूचनाएँ मौन कर दी गईं।
notice-unmuted-all = आपके खेलों की सूचनाएँ फिर चालू हैं।
asked-my-games = आपके चालू खेलों की सूची
asked-my-seeks = आपकी चुनौतियों और न्योतों की सूची
asked-push = सूचनाएँ
asked-mute = मौन करना
doing-open-game = अपना खेल खोलना
error-bad-subscription = सर्वर ने इस ब्राउज़र की सूचनाएँ स्वीकार नहीं कीं: { $why }।
error-no-push = यह सर्वर सूचनाएँ नहीं भेजता।

## चौपाल का कोई पेज खुला न होने पर दिखने वाली सूचनाएँ (खेल और विरोधी ब्राउज़र भरता है)

notify-turn-title = { $opponent } के साथ { $game } में आपकी बारी
notify-turn-body = { $opponent } ने चाल चल दी है। खेलने के लिए टैप करें।
notify-round-game-title = राउंड { $round }: { $opponent } के विरुद्ध { $game }
notify-round-game-body = आपका खेल शुरू हो गया है। खेलने के लिए टैप करें।
notify-accepted-title = { $opponent } ने आपका न्योता स्वीकार किया
notify-accepted-body = आपका { $game } का खेल शुरू हो गया है।
notify-won = { $opponent } के साथ { $game }: आप जीते
notify-lost = { $opponent } के साथ { $game }: आप हारे
notify-drawn = { $opponent } के साथ { $game }: ड्रॉ
notify-aborted = { $opponent } के साथ { $game }: रद्द
notify-ended-body = खेल खत्म हो गया।
notify-ended-on-time = खेल समय खत्म होने पर खत्म हुआ।
notify-reminder-title = { $opponent } के साथ { $game } में आपकी चाल
notify-reminder-body = { $hours ->
    [one] चाल चलने के लिए { $hours } घंटे से कम समय बचा है।
   *[other] चाल चलने के लिए { $hours } घंटों से कम समय बचा है।
}
notify-tournament-soon-title = आपका { $game } टूर्नामेंट { $minutes } मिनट में शुरू होगा
notify-tournament-soon-body = खोलने के लिए टैप करें।

## पहेलियाँ: लॉबी से उन तक का रास्ता, पहेली स्क्रीन, और खेल की समीक्षा में अपनी ग़लतियों से बनी पहेलियाँ

lobby-puzzles = पहेलियाँ
lobby-daily-puzzle = आज की पहेली
screen-puzzles = पहेलियाँ
title-puzzles = पहेलियाँ - चौपाल
doing-puzzles = पहेलियाँ हल करना
puzzle-task-win = { $side } की बारी: जिताने वाली अकेली चाल खोजें
puzzle-task-draw = { $side } की बारी: ड्रॉ बचाने वाली अकेली चाल खोजें
puzzle-rating = पहेली की रेटिंग { $rating }
puzzle-your-rating = आपकी पहेली रेटिंग: { $rating }
puzzle-unrated-attempt = बिना रेटिंग · आपकी पहेली रेटिंग: { $rating }
puzzle-streak = { $count ->
    [one] लगातार: { $count } पहेली हल
   *[other] लगातार: { $count } पहेलियाँ हल
}
puzzle-best-streak = सबसे लंबा सिलसिला: { $count }
puzzle-from-your-game = आपके खेल से: { $total } में से पहेली { $place }
puzzle-finding = पहेली ढूँढ रहे हैं...
puzzle-checking = आपकी चाल जाँच रहे हैं...
puzzle-to-find = { $count ->
    [one] खोजने को { $count } चाल
   *[other] खोजने को { $count } चालें
}
puzzle-find-again = कोई और चाल आज़माएँ।
puzzle-right = सही!
puzzle-keep-going = { $count ->
    [one] आगे बढ़ें: { $count } और चाल खोजनी है।
   *[other] आगे बढ़ें: { $count } और चालें खोजनी हैं।
}
puzzle-wrong-goats-escape = यह नहीं: बकरियाँ बच निकलती हैं
puzzle-wrong-tigers-break-out = यह नहीं: बाघ घेरा तोड़ देते हैं
puzzle-wrong-lead-slips = यह नहीं: बढ़त हाथ से निकल जाती है
puzzle-wrong-win-slips = यह नहीं: जीत हाथ से निकल जाती है
puzzle-wrong-soldiers-hold = यह नहीं: उनके सिपाही टिके रहते हैं
puzzle-wrong-loses = यह नहीं: इससे हार होती है
puzzle-streak-over = { $count ->
    [one] सिलसिला ख़त्म: { $count } पहेली हल
   *[other] सिलसिला ख़त्म: { $count } पहेलियाँ हल
}
puzzle-solved = हल हो गई!
puzzle-solved-again = दूसरी कोशिश में हल: बिना रेटिंग।
puzzle-solution-shown = हल: { $count } में से चाल { $shown }
puzzle-rating-change = आपकी पहेली रेटिंग: { $rating } ({ $change })
puzzle-unrated = बिना रेटिंग: आपकी पहेली रेटिंग वही रहती है
puzzle-left-failed = चाल के बाद छोड़ी गई पहेली असफल गिनी गई। { $change }
puzzle-rating-now = पहेली की रेटिंग अब { $rating } है
puzzle-try-again = फिर कोशिश करें
puzzle-show-solution = हल दिखाएँ
puzzle-next = अगली पहेली
puzzle-new-streak = नया सिलसिला
puzzle-skip = छोड़ें (असफल गिनी जाएगी)
puzzle-skip-confirm = छोड़ें: पक्का करने के लिए फिर दबाएँ
puzzle-press-again = पक्का करने के लिए फिर दबाएँ
puzzle-leave-warning = आपकी रेटेड पहेली अभी अधूरी है: इसे छोड़कर दूसरी पहेली खोलने पर यह असफल गिनी जाएगी।
puzzle-choices = अगली पहेली
puzzle-game = खेल
puzzle-any-game = कोई भी खेल
puzzle-theme = विषय
puzzle-any-theme = कोई भी विषय
puzzle-mode-rated = रेटेड
puzzle-mode-streak = सिलसिला
puzzle-rated-hint = हर पहेली पर आपकी पहली कोशिश आपकी पहेली रेटिंग में गिनी जाती है।
puzzle-streak-hint = बिना रेटिंग: और कठिन होती जाती हैं, आपकी पहली ग़लती तक।
puzzle-no-mistakes = इस खेल से कोई पहेली नहीं बनी: आपकी किसी भी चूक की जगह साफ़ तौर पर सबसे अच्छी एक ही चाल नहीं थी।
puzzle-unreadable = यह पहेली दिखाई नहीं जा सकती: { $why }
puzzle-out-of-step = पहेली का बोर्ड सर्वर के बोर्ड से अलग हो गया: यह फिर से शुरू होती है।
review-learn-mistakes = अपनी ग़लतियों से सीखें
broken-puzzle = पहेली { $id } खुल नहीं सकती। ({ $said })
asked-puzzle = पहेली
asked-puzzle-move = आपकी पहेली की चाल
asked-puzzle-solution = हल
asked-mistake-puzzles = आपकी ग़लतियों से पहेलियाँ
error-no-such-puzzle = ऐसी कोई पहेली नहीं है, या कोई मेल खाती नहीं बची: कोई और खेल या विषय चुनें।
error-puzzle-not-given = यह पहेली पिछले कनेक्शन को दी गई थी: इसे फिर से माँगें।
error-puzzle-over = यह पहेली ख़त्म हो चुकी है: अगली माँगें।
theme-capture = मारना
theme-trap = घेराबंदी
theme-double-threat = दोहरा ख़तरा
theme-block = रोक
theme-extra-turn = अतिरिक्त बारी
theme-extra-turn-chain = लगातार अतिरिक्त बारियाँ
theme-finish = खेल ख़त्म करना
theme-save-draw = ड्रॉ बचाना
theme-one-move = एक चाल
theme-long = लंबी
theme-placement = बकरियाँ रखना
theme-movement = बकरियाँ चलाना
theme-sweep = सफ़ाया
theme-den = माँद
theme-chain = कूदों की कड़ी

## Tournaments (arenas, Swiss, round robins)
lobby-tournaments = टूर्नामेंट
screen-tournaments = टूर्नामेंट
screen-new-tournament = नया टूर्नामेंट
title-tournaments = टूर्नामेंट - चौपाल
doing-tournaments = टूर्नामेंट में खेलना
asked-tournament = टूर्नामेंट
asked-new-tournament = नया टूर्नामेंट
broken-tournament = टूर्नामेंट { $id } खोला नहीं जा सकता। ({ $said })
tournament-started = आपका टूर्नामेंट शुरू हो गया।
tournament-ended = आपका टूर्नामेंट ख़त्म हुआ: विजेता देखें।
tournament-paired = { $opponent } से जोड़ी बनी: आपका खेल शुरू हो रहा है।
tournaments-heading = टूर्नामेंट
tournaments-about = एरीना में समय ख़त्म होने तक हर कोई जितने हो सकें उतने खेल खेलता है। स्विस में हर राउंड बराबर अंक वाले खिलाड़ियों की जोड़ी बनाता है; राउंड रॉबिन में हर कोई हर किसी से खेलता है। सबसे ज़्यादा अंक वाला जीतता है।
tournaments-new = टूर्नामेंट बनाएँ
tournaments-loading = लोड हो रहा है…
tournaments-none = अभी कोई टूर्नामेंट नहीं है। एक बनाइए!
tournaments-mine = आपके
tournaments-running = अभी चल रहे
tournaments-upcoming = जल्द शुरू होने वाले
tournaments-finished = ख़त्म हुए
tournament-title = { $game } एरीना
tournament-format = { $minutes } मिनट का एरीना
tournament-format-streaks = { $minutes } मिनट का एरीना, लगातार जीत के साथ
tournament-format-clock = { $format } · { $clock }
tournament-starts-in = { $time } में शुरू
tournament-starting = शुरू हो रहा है…
tournament-ends-in = { $time } में ख़त्म
tournament-ending = ख़त्म हो रहा है…
tournament-over = ख़त्म
tournament-entrants = { $count } खिलाड़ी
tournament-entrants-private = { $count } खिलाड़ी, निजी
tournament-by = { $name } ने बनाया
tournament-join = शामिल हों
tournament-rejoin = फिर खेलें
tournament-pause = विराम
tournament-leave = छोड़ें
tournament-share = लिंक भेजें
tournament-podium = विजेता
tournament-podium-line = { $rank }. { $name }: { $points } अंक
tournament-standings = अंक तालिका
tournament-no-entrants = अभी तक कोई शामिल नहीं हुआ।
tournament-page = { $pages } में से { $page }
tournament-line = रेटिंग { $rating } · { $points } अंक · { $presence }
tournament-idle = इंतज़ार में
tournament-playing = खेल रहे
tournament-paused = विराम पर
tournament-left = छोड़ गए
tournament-done = अंत तक खेले
tournament-new-heading = टूर्नामेंट बनाएँ
tournament-minutes = { $count } मिनट
tournament-game = खेल
tournament-length = अवधि
tournament-clock = घड़ी
tournament-start = शुरुआत
tournament-start-now = अभी
tournament-start-in = { $count } मिनट में
tournament-public = सार्वजनिक
tournament-private = निजी
tournament-public-hint = सबके लिए सूची में, कोई भी शामिल हो सकता है।
tournament-private-hint = किसी की सूची में नहीं: जिन्हें चाहें उन्हें इसका लिंक भेजें।
tournament-computers-label = कंप्यूटर
tournament-computers = { $count ->
    [0] कोई नहीं
   *[other] { $count } कंप्यूटर
}
tournament-computer-level = उनका स्तर
tournament-rated-hint = खेल रेटिंग में गिने जाते हैं; लगातार दो जीत के बाद खिलाड़ी जोश में होता है, और उसकी जीत के अंक दुगने होते हैं।
tournament-create = बनाएँ
tournament-back = टूर्नामेंट पर लौटें
tournament-open = खोलें
tournament-on-fire = जोश में
tournament-my-game = मेरे खेल पर जाएँ
tournament-title-swiss = { $game } स्विस
tournament-title-round-robin = { $game } राउंड रॉबिन
tournament-format-swiss = स्विस, { $rounds } राउंड
tournament-format-swiss-matches = स्विस, दो खेलों के मैच के { $rounds } राउंड
tournament-format-round-robin = राउंड रॉबिन, ज़्यादा से ज़्यादा { $count } खिलाड़ी
tournament-format-double-round-robin = डबल राउंड रॉबिन, ज़्यादा से ज़्यादा { $count } खिलाड़ी
tournament-round = राउंड { $round } / { $of }
tournament-round-playing = खेल चल रहे हैं
tournament-round-pairing = राउंड { $round }: जोड़ियाँ बन रही हैं…
tournament-next-round = राउंड { $round } { $time } में
tournament-next-round-seconds = राउंड { $round } { $seconds } सेकंड में
tournament-bye = राउंड { $round }: आपको बाई मिली, जीता हुआ राउंड।
tournament-sat-out = राउंड { $round }: आप बाहर बैठेंगे, खेलने को कोई नहीं बचा।
tournament-buchholz = बुख़होल्ज़ { $points }
tournament-sonneborn-berger = SB { $points }
tournament-wins = { $count } जीत
tournament-kind-arena = एरीना
tournament-kind-swiss = स्विस
tournament-kind-round-robin = राउंड रॉबिन
tournament-format-label = प्रकार
tournament-rounds-label = राउंड
tournament-rounds = { $count } राउंड
tournament-players-label = खिलाड़ी
tournament-most-players = ज़्यादा से ज़्यादा { $count }
tournament-single-games = एक-एक खेल
tournament-matches = दो खेलों का मैच
tournament-meet-once = एक बार मिलें
tournament-meet-twice = दो बार मिलें
tournament-start-day = एक दिन में
tournament-start-week = एक हफ़्ते में
tournament-swiss-hint = खेल रेटिंग में गिने जाते हैं; जीत का 1 अंक, बराबरी का ½। हर राउंड बराबर अंक वालों की जोड़ी बनाता है, वही दो खिलाड़ी दोबारा कभी नहीं; बराबरी बुख़होल्ज़, फिर सोनबोर्न-बर्गर (SB) से टूटती है। आख़िरी राउंड की जोड़ियाँ बनने तक शामिल हो सकते हैं।
tournament-round-robin-hint = खेल रेटिंग में गिने जाते हैं; हर कोई हर किसी से खेलता है, एक बार में एक राउंड; जीत का 1 अंक, बराबरी का ½। शुरू होने से पहले शामिल हों; विराम नहीं।
